import { randomBytes } from 'node:crypto';
import type { DirectoryEntry } from '@ec/contract/containers/directory';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  createMember,
  createTestAppWithOrg,
  createUser,
  eventually,
  type TestUser,
} from '../../../test/factories.ts';
import { createProfile } from '../../../test/licensing.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { containerDirectoryEvents } from '../../db/tables/container-directory.schema.ts';
import { deviceCommands } from '../../db/tables/device-commands.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { licenses } from '../../db/tables/entitlements.schema.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let keeper: TestUser;
let reader: TestUser;
const simulators: SimulatedDevice[] = [];
const unique = () => randomBytes(4).toString('hex');

/**
 * What a device is licensed for beyond its base profile: one serial-number licence of a profile
 * holding `properties`, replacing the one granted before; nothing given takes it away.
 */
const grantedLicence = new Map<string, string>();
async function grant(deviceGuid: string, properties?: Record<string, unknown>) {
  const previous = grantedLicence.get(deviceGuid);
  if (previous) await t.db.delete(licenses).where(eq(licenses.licenseId, previous));
  grantedLicence.delete(deviceGuid);
  if (!properties) return;
  const [device] = await t.db
    .select({ serialNumber: devices.serialNumber, productName: devices.productName })
    .from(devices)
    .where(eq(devices.deviceGuid, deviceGuid));
  const profileGuid = await createProfile(t, device!.productName, properties);
  const [licence] = await t.db
    .insert(licenses)
    .values({
      serialNumber: device!.serialNumber,
      profileGuid,
      lifespanDays: 1,
      expires: new Date(Date.now() + 86_400_000),
    })
    .returning({ licenseId: licenses.licenseId });
  grantedLicence.set(deviceGuid, licence!.licenseId);
}

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  keeper = await createUser(t, { groups: ['ContainerManagement'] });
  reader = await createUser(t);
});
afterAll(async () => {
  for (const simulator of simulators) await simulator.stop();
  await t.close();
});

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/v1${url}`, headers: user ? user.headers(orgGuid) : {}, payload });

async function createEntry(body: object = {}): Promise<DirectoryEntry> {
  const created = await call(keeper, 'POST', '/containers', {
    name: `Player ${unique()}`,
    image_url: 'ghcr.io/acme/html5-player:2.1',
    ...body,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().container;
}

const names = async (user: TestUser, query = '') => {
  const listed = await call(user, 'GET', `/containers${query}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json().containers as DirectoryEntry[]).map((entry) => entry.name);
};

describe('the container directory (spec 3 §2.9, §4.6, §7)', () => {
  it('creates an entry with the new entry defaults and answers it whole', async () => {
    const entry = await createEntry({ name: 'Defaults Player' });
    expect(entry).toEqual({
      container_guid: expect.any(String),
      identifier: '',
      name: 'Defaults Player',
      image_url: 'ghcr.io/acme/html5-player:2.1',
      description: '',
      company: { name: '', url: '', description: '' },
      requirements: '',
      manifest: {},
      platforms: ['edgecaster', 'edgecaster_max'],
      published: false,
      licensable: false,
    });
    const read = await call(keeper, 'GET', `/containers/${entry.container_guid}`);
    expect(read.json()).toEqual({ container: entry, api_request_id: expect.any(String) });
  });

  it('lists unpublished entries only to container administrators who ask for them', async () => {
    const hidden = await createEntry();
    expect(await names(reader)).not.toContain(hidden.name);
    expect(await names(keeper)).not.toContain(hidden.name);
    expect(await names(keeper, '?unpublished=true')).toContain(hidden.name);
    expect((await call(reader, 'GET', '/containers?unpublished=true')).statusCode).toBe(403);
    expect((await call(reader, 'GET', `/containers/${hidden.container_guid}`)).statusCode).toBe(404);

    const published = await call(keeper, 'PATCH', `/containers/${hidden.container_guid}`, {
      published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().container).toMatchObject({ name: hidden.name, published: true });
    expect(await names(reader)).toContain(hidden.name);
  });

  it('filters by platform and pages by name', async () => {
    const tag = unique();
    const maxOnly = await createEntry({ name: `${tag} A`, platforms: ['edgecaster_max'], published: true });
    await createEntry({ name: `${tag} B`, published: true });
    expect(await names(reader, '?platform=edgecaster')).not.toContain(maxOnly.name);
    expect(await names(reader, '?platform=edgecaster_max')).toContain(maxOnly.name);

    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page = await call(
        reader,
        'GET',
        `/containers?pagination_size=1${token ? `&pagination_token=${token}` : ''}`,
      );
      const body = page.json() as { containers: DirectoryEntry[]; pagination_token: string | null };
      expect(body.containers.length).toBeLessThanOrEqual(1);
      seen.push(...body.containers.map((entry) => entry.name));
      token = body.pagination_token;
    } while (token);
    expect(seen).toEqual([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(seen).toEqual(expect.arrayContaining([`${tag} A`, `${tag} B`]));
  });

  it('changes only the fields a PATCH sends, and deletes', async () => {
    const entry = await createEntry({
      company: { name: 'Acme', url: 'https://acme.example', description: 'Players' },
      manifest: { ports: [{ host_port: 8080, container_port: 80 }] },
    });
    const patched = await call(keeper, 'PATCH', `/containers/${entry.container_guid}`, {
      description: 'An HTML5 player',
      company: { name: 'Acme Ltd' },
    });
    expect(patched.json().container).toMatchObject({
      description: 'An HTML5 player',
      company: { name: 'Acme Ltd', url: 'https://acme.example', description: 'Players' },
      manifest: { ports: [{ host_port: 8080, container_port: 80, protocol: 'tcp' }] },
    });

    expect((await call(keeper, 'DELETE', `/containers/${entry.container_guid}`)).json()).toEqual({
      ok: true,
    });
    expect((await call(keeper, 'GET', `/containers/${entry.container_guid}`)).statusCode).toBe(404);
    expect((await call(keeper, 'DELETE', `/containers/${entry.container_guid}`)).statusCode).toBe(404);

    const audit = await t.db
      .select()
      .from(containerDirectoryEvents)
      .where(eq(containerDirectoryEvents.containerGuid, entry.container_guid));
    expect(audit.map((event) => [event.action, event.email])).toEqual([
      ['created', keeper.email],
      ['updated', keeper.email],
      ['deleted', keeper.email],
    ]);
    expect(audit[1]!.eventData).toEqual({ name: entry.name, fields: ['description', 'company'] });
  });

  it.each([
    ['no name', { image_url: 'x' }, 'Name is a required parameter.'],
    ['a blank name', { name: ' ', image_url: 'x' }, 'Name is a required parameter.'],
    ['no image url', { name: 'Player' }, 'Image Url is a required parameter.'],
    [
      'a manifest port out of range',
      { name: 'P', image_url: 'x', manifest: { ports: [{ host_port: 0, container_port: 80 }] } },
      'Value must be >= 1',
    ],
  ])('refuses a body with %s (400, the spec message)', async (_name, body, message) => {
    const refused = await call(keeper, 'POST', '/containers', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(message);
  });

  it('refuses a PATCH that blanks the image url, and an unknown entry', async () => {
    const entry = await createEntry();
    const blank = await call(keeper, 'PATCH', `/containers/${entry.container_guid}`, { image_url: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Image Url is a required parameter.');
    const unknown = await call(keeper, 'PATCH', '/containers/00000000-0000-4000-8000-000000000000', {
      name: 'X',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets only ContainerManagement change the directory', async () => {
    const entry = await createEntry({ published: true });
    const body = { name: 'Mine', image_url: 'x' };
    expect((await call(reader, 'POST', '/containers', body)).statusCode).toBe(403);
    expect((await call(reader, 'PATCH', `/containers/${entry.container_guid}`, body)).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `/containers/${entry.container_guid}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/containers')).statusCode).toBe(401);
    expect((await call(reader, 'GET', `/containers/${entry.container_guid}`)).statusCode).toBe(200);
  });
});

describe('installing a directory container on a device (spec 3 §6, §7)', () => {
  let device: string;
  const docker = { 'services.docker.enabled': true };

  beforeAll(async () => {
    const simulator = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster', commandStepMs: 5 });
    simulators.push(simulator);
    device = simulator.device.device_guid;
    await eventually(async () => (await call(owner, 'GET', `/devices/${device}/state`)).json().state?.online);
  });

  const install = (entry: { container_guid: string }, user = owner, guid = device) =>
    call(user, 'POST', `/devices/${guid}/containers`, { container_id: entry.container_guid });

  it('sends install_container with the image and manifest to a licensed online device', async () => {
    await grant(device, docker);
    const entry = await createEntry({
      identifier: 'html5-player',
      published: true,
      company: { name: 'Acme' },
      manifest: { restart_policy: { name: 'always' }, ports: [{ host_port: 8080, container_port: 80 }] },
    });
    const sent = await install(entry);
    expect(sent.statusCode, sent.body).toBe(202);
    const { command_guid } = sent.json();
    const [row] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.commandGuid, command_guid));
    expect(row).toMatchObject({
      command: 'install_container',
      data: {
        container_guid: entry.container_guid,
        identifier: 'html5-player',
        name: entry.name,
        image_url: 'ghcr.io/acme/html5-player:2.1',
        manifest: {
          restart_policy: { name: 'always', MaximumRetryCount: 5 },
          ports: [{ host_port: 8080, container_port: 80, protocol: 'tcp' }],
        },
        company_name: 'Acme',
        description: '',
        licensable: false,
      },
    });
    const followed = await call(owner, 'GET', `/devices/${device}/commands/${command_guid}`);
    expect(followed.json().command.command).toBe('install_container');
  });

  it('refuses a device without the docker licence: Not Licensed', async () => {
    await grant(device);
    const refused = await install(await createEntry({ published: true }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Not Licensed', error_code: 'NOT_ENTITLED' });
  });

  it('refuses a licensable container the device is not licensed for, then installs it once licensed', async () => {
    const entry = await createEntry({ published: true, licensable: true });
    await grant(device, docker);
    const refused = await install(entry);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Container Not Licensed',
      error_code: 'CONTAINER_NOT_LICENSED',
    });
    await grant(device, { ...docker, 'services.docker.containers': [entry.container_guid] });
    expect((await install(entry)).statusCode).toBe(202);
  });

  it('refuses another platform: Unsupported Device', async () => {
    await grant(device, docker);
    const refused = await install(await createEntry({ published: true, platforms: ['edgecaster_max'] }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Unsupported Device', error_code: 'UNSUPPORTED_DEVICE' });
  });

  it('refuses a privileged manifest without the privileged licence', async () => {
    await grant(device, docker);
    const refused = await install(await createEntry({ published: true, manifest: { privileged: true } }));
    expect(refused.json().message).toBe('Privileged Containers Not Licensed');
  });

  it('refuses a device that went offline', async () => {
    const away = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster' });
    const guid = away.device.device_guid;
    await grant(guid, docker);
    const online = async () => (await call(owner, 'GET', `/devices/${guid}/state`)).json().state?.online;
    await eventually(online);
    await away.stop();
    await eventually(async () => (await online()) === false);
    const refused = await install(await createEntry({ published: true }), owner, guid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe('DEVICE_OFFLINE');
  });

  it('refuses a caller who cannot edit the device, and an entry they may not read', async () => {
    await grant(device, docker);
    const user = await createMember(t, orgGuid, 200);
    const refused = await install(await createEntry({ published: true }), user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This needs edit rights on the device.');
    expect((await install(await createEntry({ published: false }))).statusCode).toBe(404);
    expect((await install({ container_guid: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('installs in bulk through the same rules, one answer per device (spec 2 §2.3)', async () => {
    const bulk = { 'services.cloud.bulk_actions.enabled': true };
    const away = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster' });
    simulators.push(away);
    await grant(device, { ...docker, ...bulk });
    await grant(away.device.device_guid, bulk);
    const entry = await createEntry({ published: true });
    const ran = await call(owner, 'POST', '/devices/bulk_actions', {
      action: 'container_install',
      device_guids: [device, away.device.device_guid],
      container_id: entry.container_guid,
    });
    expect(ran.statusCode, ran.body).toBe(200);
    const [installed, refused] = ran.json().results;
    expect(installed).toMatchObject({ status: 202, command_guid: expect.any(String) });
    expect(refused).toMatchObject({ status: 403, error_code: 'NOT_ENTITLED', message: 'Not Licensed' });
  });

  it('sends uninstall_container with the container and its identifier', async () => {
    const sent = await call(owner, 'DELETE', `/devices/${device}/containers/abc123?identifier=html5-player`);
    expect(sent.statusCode, sent.body).toBe(202);
    const [row] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.commandGuid, sent.json().command_guid));
    expect(row).toMatchObject({
      command: 'uninstall_container',
      data: { container_id: 'abc123', identifier: 'html5-player' },
    });
  });
});
