import { describe, expect, it } from 'vitest';
import { zodIssues } from '../shadow-documents/fields.ts';
import { containerManifestSchema } from './manifest.ts';

const issuesOf = (value: unknown) => {
  const parsed = containerManifestSchema.safeParse(value);
  return parsed.success ? [] : zodIssues(parsed.error);
};

describe('a container manifest (spec 3 §3.7, §9)', () => {
  it('fills the spec defaults', () => {
    const manifest = containerManifestSchema.parse({
      restart_policy: {},
      ports: [{ host_port: 8080, container_port: 80 }],
      volumes: [{ host_path: '/a', container_path: '/b' }],
      devices: [{ host_path: '/dev/x', container_path: '/dev/x' }],
      environment: [{ key: 'MODE' }],
    });
    expect(manifest).toMatchObject({
      restart_policy: { name: 'always', MaximumRetryCount: 5 },
      ports: [{ protocol: 'tcp' }],
      volumes: [{ mode: 'ro' }],
      devices: [{ mode: 'rwm' }],
      environment: [{ key: 'MODE', value: '' }],
    });
  });

  it.each([
    [
      'a port out of range',
      { ports: [{ host_port: 70000, container_port: 80 }] },
      ['ports', 0, 'host_port'],
      'Value must be <= 65535',
    ],
    ['an unknown network mode', { network_mode: 'overlay' }, ['network_mode'], expect.any(String)],
    [
      'a device without its container path',
      { devices: [{ host_path: '/dev/x' }] },
      ['devices', 0, 'container_path'],
      'Container path is required',
    ],
    [
      'a NUL in a path',
      { volumes: [{ host_path: 'a\u0000', container_path: '/b' }] },
      ['volumes', 0, 'host_path'],
      'Must not contain the NUL character',
    ],
  ])('refuses %s', (_name, value, path, message) => {
    expect(issuesOf(value)).toContainEqual({ path, message });
  });
});
