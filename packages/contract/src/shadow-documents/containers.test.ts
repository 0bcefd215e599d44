import { describe, expect, it } from 'vitest';
import { containerCreateSchema, containersSetSchema, containersShadowStateSchema } from './containers.ts';
import { zodIssues } from './fields.ts';

const issuesOf = (
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : zodIssues(parsed.error as Parameters<typeof zodIssues>[0]);
};

describe('the Containers document (spec 3 §3.7)', () => {
  it('reads installed containers and their images', () => {
    const parsed = containersShadowStateSchema.parse({
      containers: [
        { id: 'c1', name: 'api-app', image: 'edgecaster/api-app:stable-latest', status: 'running' },
      ],
      images: [{ id: 'i1', tags: ['stable-latest'] }],
    });
    expect(parsed.containers[0]?.status).toBe('running');
    expect(
      issuesOf(containersShadowStateSchema, {
        containers: [{ id: 'c1', name: 'x', image: 'y', status: 'dead' }],
      }),
    ).toEqual([expect.objectContaining({ path: ['containers', 0, 'status'] })]);
  });
});

describe('container rules (spec 3 §5)', () => {
  it.each([
    [
      'a name with a space',
      { name: 'my app', image_id: 'i1' },
      ['name'],
      'Name may contain only letters and digits',
    ],
    [
      'a name with a dash',
      { name: 'my-app', image_id: 'i1' },
      ['name'],
      'Name may contain only letters and digits',
    ],
    ['no name', { image_id: 'i1' }, ['name'], 'Name is required'],
    ['no image', { name: 'app' }, ['image_id'], 'Image is required'],
    [
      'a port without its container port',
      { name: 'app', image_id: 'i1', ports: [{ host_port: 80 }] },
      ['ports', 0, 'container_port'],
      'Value must be a number',
    ],
    [
      'an environment entry without a key',
      { name: 'app', image_id: 'i1', environment: [{ key: '', value: 'v' }] },
      ['environment', 0, 'key'],
      'Key is required',
    ],
    [
      'a volume without its host path',
      { name: 'app', image_id: 'i1', volumes: [{ container_path: '/b' }] },
      ['volumes', 0, 'host_path'],
      'Host path is required',
    ],
  ])('creating with %s', (_name, value, path, message) => {
    expect(issuesOf(containerCreateSchema, value)).toContainEqual({ path, message });
  });

  it('takes a set of {id, config}, the config a JSON object, a name only letters and digits', () => {
    expect(issuesOf(containersSetSchema, { containers: [{ id: 'c1', config: { port: 8080 } }] })).toEqual([]);
    expect(issuesOf(containersSetSchema, { containers: [{ id: 'c1', config: '{nope' }] })).toEqual([
      { path: ['containers', 0, 'config'], message: 'Invalid JSON' },
    ]);
    expect(issuesOf(containersSetSchema, { containers: [{ id: 'c1', name: 'a b', config: {} }] })).toEqual([
      { path: ['containers', 0, 'name'], message: 'Name may contain only letters and digits' },
    ]);
  });
});
