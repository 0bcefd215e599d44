import { ACCESS } from '@ec/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  addDeviceUser,
  addMember,
  createOrg,
  createOrgWithOwner,
  createTestAppWithOrg,
  createUser,
  eventually,
  provision,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { STATUS_KEPT_MS } from './org-status-cache.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

describe('adopting and forgetting', () => {
  it('slows serial-number guessing: a user gets 20 unknown serials in 15 minutes, a serial 10 attempts', async () => {
    const guesser = await createUser(t);
    const guesserOrg = await createOrg(t, guesser);
    const adopt = (serial: string, who = guesser, org = guesserOrg) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/devices/adopt?serial_number=${serial}`,
        headers: who.headers(org),
      });
    const misses = [];
    for (let i = 0; i < 20; i++) misses.push(await adopt(`9999-${String(i).padStart(4, '0')}`));
    expect(misses.every((r) => r.statusCode === 404)).toBe(true);
    const stopped = await adopt('9999-0020');
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);

    const [device] = await provision(t, 1);
    const others = [];
    for (let i = 0; i < 10; i++) {
      const someone = await createUser(t);
      others.push(await adopt(device!.serial_number, someone, await createOrg(t, someone)));
    }
    expect(others[0]!.statusCode).toBe(200);
    expect(others.slice(1).every((r) => r.statusCode === 409)).toBe(true);
    expect((await adopt(device!.serial_number, owner, orgGuid)).statusCode).toBe(429);
  });

  it('adopts a provisioned device by serial number and lists it', async () => {
    const [device] = await provision(t, 1, 'edgecaster');
    const adopt = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/adopt?serial_number=${device!.serial_number}`,
      headers: owner.headers(orgGuid),
    });
    expect(adopt.statusCode).toBe(200);
    expect(adopt.json().device_guid).toBe(device!.device_guid);

    const list = await t.app.inject({ url: '/v1/devices', headers: owner.headers(orgGuid) });
    expect(list.json().devices.map((d: { serial_number: string }) => d.serial_number)).toContain(
      device!.serial_number,
    );
    const row = list
      .json()
      .devices.find((d: { device_guid: string }) => d.device_guid === device!.device_guid);
    expect(row).toMatchObject({
      product_name: 'edgecaster',
      org_guid: orgGuid,
      online: false,
      streaming_status: 5,
    });
  });

  it('refuses an unknown serial and a device adopted elsewhere', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/devices/adopt?serial_number=0000-0000',
      headers: owner.headers(orgGuid),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No device with serial number 0000-0000');

    const other = await createUser(t);
    const otherOrg = await createOrg(t, other);
    const [taken] = await provisionInto(t, otherOrg);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/adopt?serial_number=${taken!.serial_number}`,
      headers: owner.headers(orgGuid),
    });
    expect(response.statusCode).toBe(409);
  });

  it('forgets a device only with a reason', async () => {
    const [device] = await provisionInto(t, orgGuid);
    const noReason = await t.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${device!.device_guid}`,
      headers: owner.headers(orgGuid),
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Reason is required');

    const forget = await t.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${device!.device_guid}`,
      headers: owner.headers(orgGuid),
      payload: { reason: 'Returned to the vendor' },
    });
    expect(forget.statusCode).toBe(200);
    const get = await t.app.inject({
      url: `/v1/devices/${device!.device_guid}`,
      headers: owner.headers(orgGuid),
    });
    expect(get.statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('searches by serial, filters by product and pages with a token', async () => {
    const user = await createUser(t);
    const org = await createOrg(t, user);
    const edgecasters = await provisionInto(t, org, 3, 'edgecaster');
    const max = await provisionInto(t, org, 2, 'edgecaster_max');

    const onlyMax = await t.app.inject({
      url: '/v1/devices?product_names=edgecaster_max',
      headers: user.headers(org),
    });
    expect(
      onlyMax
        .json()
        .devices.map((d: { device_guid: string }) => d.device_guid)
        .sort(),
    ).toEqual(max.map((d) => d.device_guid).sort());

    const bySerial = await t.app.inject({
      url: `/v1/devices?serial_number=${edgecasters[1]!.serial_number}`,
      headers: user.headers(org),
    });
    expect(bySerial.json().devices).toHaveLength(1);

    const seen: string[] = [];
    let token: string | null = null;
    do {
      const query: string = token ? `&pagination_token=${token}` : '';
      const page = await t.app.inject({
        url: `/v1/devices?pagination_size=2${query}`,
        headers: user.headers(org),
      });
      expect(page.json().devices.length).toBeLessThanOrEqual(2);
      seen.push(...page.json().devices.map((d: { device_guid: string }) => d.device_guid));
      token = page.json().pagination_token;
    } while (token);
    expect(seen.sort()).toEqual([...edgecasters, ...max].map((d) => d.device_guid).sort());
  });

  it("lists the organization's devices online or streaming, as the status counts them, a page at a time (the dashboard's lists)", async () => {
    const user = await createUser(t);
    const org = await createOrg(t, user);
    const [onAir, idle, away, silent] = await provisionInto(t, org, 4);
    // What the ingest stores from each device's connection, state and Outputs document.
    const store = (device: { device_guid: string }, values: Partial<typeof devices.$inferInsert>) =>
      t.db.update(devices).set(values).where(eq(devices.deviceGuid, device.device_guid));
    await store(onAir!, { deviceName: 'On Air', online: true, state: {}, outputsStatus: 1 });
    await store(idle!, { deviceName: 'Idle', online: true, state: {}, outputsStatus: 2 });
    // Offline with outputs that were streaming when it left; online with no state yet.
    await store(away!, { deviceName: 'Away', online: false, state: {}, outputsStatus: 1 });
    await store(silent!, { deviceName: 'Silent', online: true, state: null, outputsStatus: 1 });
    const list = async (status: string, query = '') => {
      const response = await t.app.inject({
        url: `/v1/devices?device_status=${status}${query}`,
        headers: user.headers(org),
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { devices: { device_name: string }[]; pagination_token: string | null };
    };
    expect((await list('streaming')).devices.map((d) => d.device_name)).toEqual(['On Air']);
    const online = await list('online', '&pagination_size=2');
    expect(online.devices.map((d) => d.device_name)).toEqual(['Idle', 'On Air']);
    const next = await list('online', `&pagination_size=2&pagination_token=${online.pagination_token}`);
    expect(next.devices.map((d) => d.device_name)).toEqual(['Silent']);
    const status = await t.app.inject({ url: '/v1/devices/status', headers: user.headers(org) });
    expect(status.json().status).toMatchObject({ total_online: 3, total_streaming: 1 });
    expect(
      (await t.app.inject({ url: '/v1/devices?device_status=away', headers: user.headers(org) })).statusCode,
    ).toBe(400);
  });

  it("looks up the devices a list names (device_guids), of the organization's own only, at most 100 at once", async () => {
    const user = await createUser(t);
    const org = await createOrg(t, user);
    const [zulu, notNamed, alpha] = await provisionInto(t, org, 3);
    const [elsewhere] = await provisionInto(t, orgGuid, 1);
    const name = (device: { device_guid: string }, deviceName: string) =>
      t.db.update(devices).set({ deviceName }).where(eq(devices.deviceGuid, device.device_guid));
    await name(zulu!, 'Zulu');
    await name(notNamed!, 'Mike');
    await name(alpha!, 'Alpha');
    const lookUp = (guids: string[]) =>
      t.app.inject({ url: `/v1/devices?device_guids=${guids.join(',')}`, headers: user.headers(org) });
    const found = await lookUp([zulu!, alpha!, elsewhere!].map((d) => d.device_guid));
    expect(found.statusCode).toBe(200);
    // By name, as every list; another organization's device is not among them.
    expect(found.json().devices.map((d: { device_name: string }) => d.device_name)).toEqual([
      'Alpha',
      'Zulu',
    ]);
    const refused = await lookUp(Array.from({ length: 101 }, () => zulu!.device_guid));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('At most 100 devices can be named at once');
  });

  it('lists every provisioned device for DeviceManagement whatever organization the header names, and for nobody else', async () => {
    const admin = await createUser(t, { groups: ['DeviceManagement'] });
    const adminOrg = await createOrg(t, admin);
    const [loose] = await provision(t);
    const [adopted] = await provisionInto(t, orgGuid);
    // The console sends its organization header on every request (spec 1 §7): it must not narrow the list.
    for (const headers of [admin.headers(), admin.headers(adminOrg)]) {
      const all = await t.app.inject({ url: '/v1/provisioning/devices?pagination_size=1000', headers });
      expect(all.statusCode).toBe(200);
      const orgOf = (guid: string) =>
        all.json().devices.find((d: { device_guid: string }) => d.device_guid === guid)?.org_guid;
      expect(orgOf(loose!.device_guid)).toBeNull();
      expect(orgOf(adopted!.device_guid)).toBe(orgGuid);
    }

    // GET /devices is always one organization's list.
    const own = await t.app.inject({ url: '/v1/devices', headers: admin.headers(adminOrg) });
    expect(own.json().devices).toEqual([]);
    const noOrg = await t.app.inject({ url: '/v1/devices', headers: admin.headers() });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json().error_code).toBe('ORG_REQUIRED');

    const member = await t.app.inject({ url: '/v1/provisioning/devices', headers: owner.headers(orgGuid) });
    expect(member.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/provisioning/devices' })).statusCode).toBe(401);
  });

  it('keeps the partner a device was provisioned for and answers it as partner_id (spec 2 §3)', async () => {
    const admin = await createUser(t, { groups: ['DeviceManagement'] });
    const provisioned = await t.app.inject({
      method: 'POST',
      url: '/v1/provisioning/devices',
      headers: admin.headers(),
      payload: { count: 1, product_name: 'edgecaster', partner_id: ' acme-av ' },
    });
    expect(provisioned.statusCode, provisioned.body).toBe(201);
    const [device] = provisioned.json().devices;
    expect(device.partner_id).toBe('acme-av');
    const read = await t.app.inject({ url: `/v1/devices/${device.device_guid}`, headers: admin.headers() });
    expect(read.json().device.partner_id).toBe('acme-av');
    const listed = await t.app.inject({
      url: `/v1/provisioning/devices?serial_number=${device.serial_number}`,
      headers: admin.headers(),
    });
    expect(listed.json().devices.map((d: { partner_id: string }) => d.partner_id)).toEqual(['acme-av']);

    const [plain] = await provisionInto(t, orgGuid);
    const own = await t.app.inject({
      url: `/v1/devices/${plain!.device_guid}`,
      headers: owner.headers(orgGuid),
    });
    expect(own.json().device.partner_id).toBeNull();

    const blank = await t.app.inject({
      method: 'POST',
      url: '/v1/provisioning/devices',
      headers: admin.headers(),
      payload: { count: 1, partner_id: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('partner_id must not be blank');
  });

  it('refuses a request without a session', async () => {
    const response = await t.app.inject({ url: '/v1/devices', headers: { 'x-org-guid': orgGuid } });
    expect(response.statusCode).toBe(401);
  });
});

describe('the organization status (spec 2 §2.3)', () => {
  it('follows a device that connects and leaves, the answer its callers share renewed by the change', async () => {
    const { owner: admin, orgGuid: org } = await createOrgWithOwner(t);
    const counts = async () =>
      (await t.app.inject({ url: '/v1/devices/status', headers: admin.headers(org) })).json().status;
    expect(await counts()).toMatchObject({ total_devices: 0, total_online: 0, devices_online: [] });

    const simulated = await startSimulatedDevice(t, { orgGuid: org });
    const guid = simulated.device.device_guid;
    try {
      // Well within the time an unchanged answer is kept: the device's connection, heard as a live
      // event, renews it.
      const waitMs = STATUS_KEPT_MS / 2;
      await eventually(async () => (await counts()).total_online === 1, waitMs);
      expect(await counts()).toMatchObject({ total_devices: 1, total_online: 1, devices_online: [guid] });
      await simulated.stop();
      await eventually(async () => (await counts()).total_online === 0, waitMs);
    } finally {
      await simulated.stop();
    }
  });
});

describe('organization isolation', () => {
  it("never lets a member of one organization read or change another organization's device", async () => {
    const [device] = await provisionInto(t, orgGuid);
    const outsider = await createUser(t);
    const outsiderOrg = await createOrg(t, outsider);
    const guid = device!.device_guid;

    const asOwnOrg = outsider.headers(outsiderOrg);
    const asVictimOrg = outsider.headers(orgGuid);
    const attempts = [
      { method: 'GET', url: `/v1/devices/${guid}` },
      { method: 'GET', url: `/v1/devices/${guid}/state` },
      { method: 'GET', url: `/v1/devices/${guid}/shadows` },
      { method: 'DELETE', url: `/v1/devices/${guid}`, payload: { reason: 'steal' } },
      {
        method: 'POST',
        url: `/v1/devices/${guid}/shadows/commands`,
        payload: { command_type: 'get', commands: [{ shadow_name: 'System' }] },
      },
    ] as const;
    for (const headers of [asOwnOrg, asVictimOrg]) {
      for (const attempt of attempts) {
        const response = await t.app.inject({ ...attempt, headers });
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      }
    }
    const list = await t.app.inject({ url: `/v1/devices?org_guid=${orgGuid}`, headers: outsider.headers() });
    expect(list.statusCode).toBe(404);
    const status = await t.app.inject({ url: '/v1/devices/status', headers: asVictimOrg });
    expect(status.statusCode).toBe(404);

    const stillThere = await t.app.inject({ url: `/v1/devices/${guid}`, headers: owner.headers(orgGuid) });
    expect(stillThere.json().device.org_guid).toBe(orgGuid);
  });

  it('lets read-only members read but not adopt, forget or configure', async () => {
    const reader = await createUser(t);
    await addMember(t, orgGuid, reader, ACCESS.readOnly);
    const [device] = await provisionInto(t, orgGuid);
    const guid = device!.device_guid;
    expect(
      (await t.app.inject({ url: `/v1/devices/${guid}`, headers: reader.headers(orgGuid) })).statusCode,
    ).toBe(200);
    const forbidden = [
      { method: 'DELETE', url: `/v1/devices/${guid}`, payload: { reason: 'no' } },
      { method: 'POST', url: '/v1/devices/adopt?serial_number=1000-0001' },
      {
        method: 'POST',
        url: `/v1/devices/${guid}/shadows/commands`,
        payload: { command_type: 'get', commands: [{ shadow_name: 'System' }] },
      },
    ] as const;
    for (const attempt of forbidden) {
      const response = await t.app.inject({ ...attempt, headers: reader.headers(orgGuid) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
  });
});

describe('the rights on one device', () => {
  const rightsOf = async (who: TestUser, guid: string, org?: string) => {
    const response = await t.app.inject({ url: `/v1/devices/${guid}`, headers: who.headers(org) });
    expect(response.statusCode).toBe(200);
    expect(response.json().device.device_guid).toBe(guid);
    return response.json().rights;
  };

  it("answers the caller's own rights: a device user's from the device, a member's from the organization", async () => {
    const [device] = await provisionInto(t, orgGuid);
    const guid = device!.device_guid;
    const deviceUser = await createUser(t);
    await addDeviceUser(t, guid, deviceUser, ACCESS.user);
    const reader = await createUser(t);
    await addMember(t, orgGuid, reader, ACCESS.readOnly);
    const manager = await createUser(t, { groups: ['DeviceManagement'] });

    // A user of this device only, who is no member of its organization, and sends no organization.
    expect(await rightsOf(deviceUser, guid)).toEqual({ control: true, edit: false, admin: false });
    expect(await rightsOf(owner, guid, orgGuid)).toEqual({ control: true, edit: true, admin: false });
    expect(await rightsOf(reader, guid, orgGuid)).toEqual({ control: false, edit: false, admin: false });
    expect(await rightsOf(manager, guid)).toEqual({ control: true, edit: true, admin: true });

    // A device grant adds to a membership: the reader given edit on this device may edit it.
    await addDeviceUser(t, guid, reader, ACCESS.admin);
    expect(await rightsOf(reader, guid, orgGuid)).toEqual({ control: true, edit: true, admin: false });
  });
});

describe('an unadopted device', () => {
  it('opens for DeviceManagement to read, with no right to change or command it, and for nobody else', async () => {
    const [device] = await provision(t, 1);
    const guid = device!.device_guid;
    const manager = await createUser(t, { groups: ['DeviceManagement'] });
    const read = (who: TestUser, path: string) =>
      t.app.inject({ url: `/v1/devices/${guid}${path}`, headers: who.headers() });

    const page = await read(manager, '');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      device: { device_guid: guid, org_guid: null },
      rights: { control: false, edit: false, admin: false },
    });
    for (const path of [
      '/state',
      '/shadows',
      '/documents',
      '/events',
      '/metadata',
      '/shadows/System/versions',
    ])
      expect((await read(manager, path)).statusCode, path).toBe(200);
    expect(
      (await t.app.inject({ url: `/v1/entitlements/devices/${guid}`, headers: manager.headers() }))
        .statusCode,
    ).toBe(200);

    const reboot = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${guid}/commands`,
      headers: manager.headers(),
      payload: { command: 'reboot_device' },
    });
    expect(reboot.statusCode).toBe(404);
    const rename = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${guid}/metadata`,
      headers: manager.headers(),
      payload: [{ key: 'note', value: 'Mine' }],
    });
    expect(rename.statusCode).toBe(404);

    // The organization's owner (no DeviceManagement) sees it as unknown.
    expect((await read(owner, '')).statusCode).toBe(404);
  });
});
