import { describe, expect, it } from 'vitest';
import { zodIssues } from '../shadow-documents/fields.ts';
import {
  containerInstallRefusal,
  createDirectoryEntryBodySchema,
  DIRECTORY_MESSAGES,
  listDirectoryQuerySchema,
  updateDirectoryEntryBodySchema,
} from './directory.ts';

const messagesOf = (
  schema: typeof createDirectoryEntryBodySchema | typeof updateDirectoryEntryBodySchema,
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : zodIssues(parsed.error).map((issue) => issue.message);
};

describe('a container directory body (spec 3 §5)', () => {
  it.each([
    ['no name', { image_url: 'ghcr.io/acme/player:1' }, DIRECTORY_MESSAGES.nameRequired],
    ['a blank name', { name: '  ', image_url: 'ghcr.io/acme/player:1' }, DIRECTORY_MESSAGES.nameRequired],
    ['no image url', { name: 'Player' }, DIRECTORY_MESSAGES.imageUrlRequired],
    ['a blank image url', { name: 'Player', image_url: '' }, DIRECTORY_MESSAGES.imageUrlRequired],
  ])('refuses %s with the spec message', (_name, body, message) => {
    expect(messagesOf(createDirectoryEntryBodySchema, body)).toEqual([message]);
  });

  it('takes a whole entry, naming each platform once', () => {
    const parsed = createDirectoryEntryBodySchema.parse({
      identifier: 'html5-player',
      name: 'HTML5 Player',
      image_url: 'ghcr.io/acme/html5-player:2.1',
      company: { name: 'Acme', url: 'https://acme.example' },
      manifest: { ports: [{ host_port: 8080, container_port: 80 }] },
      platforms: ['edgecaster', 'edgecaster', 'edgecaster_max'],
      published: true,
      licensable: false,
    });
    expect(parsed.platforms).toEqual(['edgecaster', 'edgecaster_max']);
    expect(parsed.manifest?.ports).toEqual([{ host_port: 8080, container_port: 80, protocol: 'tcp' }]);
  });

  it('refuses an unknown platform and a manifest entry without its path', () => {
    expect(
      messagesOf(createDirectoryEntryBodySchema, {
        name: 'P',
        image_url: 'i',
        platforms: ['cloud_ui'],
        manifest: { volumes: [{ host_path: '/a' }] },
      }),
    ).toEqual(['Container path is required', 'A platform is one of edgecaster, edgecaster_max']);
  });

  it('lets a PATCH send some fields, but never a blank name or image url', () => {
    expect(updateDirectoryEntryBodySchema.parse({ published: true })).toEqual({ published: true });
    expect(messagesOf(updateDirectoryEntryBodySchema, { name: '' })).toEqual([
      DIRECTORY_MESSAGES.nameRequired,
    ]);
    expect(messagesOf(updateDirectoryEntryBodySchema, { image_url: ' ' })).toEqual([
      DIRECTORY_MESSAGES.imageUrlRequired,
    ]);
  });

  it('reads unpublished=true from the query string', () => {
    expect(listDirectoryQuerySchema.parse({ unpublished: 'true' }).unpublished).toBe(true);
    expect(listDirectoryQuerySchema.parse({}).unpublished).toBeUndefined();
    expect(listDirectoryQuerySchema.safeParse({ unpublished: 'yes' }).success).toBe(false);
  });
});

describe('installing a directory container (spec 3 §6)', () => {
  const guid = '6f2b1f0e-8d1c-4c55-9f43-0e7f9d3c2a10';
  const entry = { container_guid: guid, platforms: ['edgecaster' as const], licensable: false, manifest: {} };
  const docker = { 'services.docker.enabled': true };
  const refusal = (over: Partial<Parameters<typeof containerInstallRefusal>[0]>) =>
    containerInstallRefusal({ entry, product: 'edgecaster', entitlements: docker, admin: false, ...over })
      ?.message ?? null;

  it('installs on a licensed device of a listed platform', () => {
    expect(refusal({})).toBeNull();
  });
  it('refuses another platform', () => {
    expect(refusal({ product: 'edgecaster_max' })).toBe('Unsupported Device');
  });
  it('refuses a device without the docker licence, even for a device admin', () => {
    expect(refusal({ entitlements: {}, admin: true })).toBe('Not Licensed');
  });
  it('refuses a licensable container the device is not licensed for', () => {
    const licensable = { ...entry, licensable: true };
    expect(refusal({ entry: licensable })).toBe('Container Not Licensed');
    expect(
      refusal({ entry: licensable, entitlements: { ...docker, 'services.docker.containers': [guid] } }),
    ).toBeNull();
  });
  it('needs the privileged feature for a privileged manifest, unless a device admin', () => {
    const privileged = { ...entry, manifest: { privileged: true } };
    expect(refusal({ entry: privileged })).toBe('Privileged Containers Not Licensed');
    expect(refusal({ entry: privileged, admin: true })).toBeNull();
    expect(
      refusal({ entry: privileged, entitlements: { ...docker, 'services.docker.privileged': true } }),
    ).toBeNull();
  });
});
