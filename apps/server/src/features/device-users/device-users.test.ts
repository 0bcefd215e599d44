import { ACCESS } from '@ec/contract/access';
import { DEVICE_USER_ERRORS, type DeviceUser } from '@ec/contract/device-users';
import { INVITE_ERRORS } from '@ec/contract/invites';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptBySerial,
  createDeviceUser,
  createMember,
  createOrg,
  createOrgWithOwner,
  createTestAppWithOrg,
  createUser,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';

let t: TestApp;
let admin: TestUser;
let orgGuid: string;
const emitted: DeviceDomainEvent[] = [];

beforeAll(async () => {
  ({ t, owner: admin, orgGuid } = await createTestAppWithOrg());
  t.bus.on('device.users', (event) => emitted.push(event));
});
afterAll(() => t.close());

const usersUrl = (deviceGuid: string, query = '') => `/v1/devices/${deviceGuid}/users${query}`;

async function listUsers(caller: TestUser, deviceGuid: string, query = '') {
  const response = await t.app.inject({ url: usersUrl(deviceGuid, query), headers: caller.headers() });
  return response;
}

const save = (caller: TestUser, deviceGuid: string, users: { user_guid: string; access: number }[]) =>
  t.app.inject({ method: 'PUT', url: usersUrl(deviceGuid), headers: caller.headers(), payload: { users } });

const remove = (caller: TestUser, deviceGuid: string, users: string[]) =>
  t.app.inject({
    method: 'DELETE',
    url: usersUrl(deviceGuid),
    headers: caller.headers(),
    payload: { users },
  });

const openDevice = (caller: TestUser, deviceGuid: string) =>
  t.app.inject({ url: `/v1/devices/${deviceGuid}`, headers: caller.headers() });

async function newDevice() {
  const [device] = await provisionInto(t, orgGuid);
  return device!.device_guid;
}

/** The device's audit events about its users, newest first. */
async function userEvents(deviceGuid: string) {
  const rows = await t.db
    .select()
    .from(deviceEvents)
    .where(and(eq(deviceEvents.deviceGuid, deviceGuid), eq(deviceEvents.eventType, 'agent')))
    .orderBy(desc(deviceEvents.timestamp));
  return rows.filter((row) => 'users' in row.eventData);
}

describe('GET /devices/{device_guid}/users', () => {
  it("lists the device's own users and the organization's members, managed by the organization", async () => {
    const deviceGuid = await newDevice();
    const member = await createMember(t, orgGuid, ACCESS.user);
    const guest = await createDeviceUser(t, deviceGuid, ACCESS.readOnly);

    const response = await listUsers(admin, deviceGuid);
    expect(response.statusCode, response.body).toBe(200);
    const users: DeviceUser[] = response.json().users;
    expect(users.find((u) => u.user_guid === guest.userGuid)).toEqual({
      user_guid: guest.userGuid,
      access: 100,
      org_guid: null,
      fleet_guid: null,
      managed_by: null,
      name: `User ${guest.email}`,
      email: guest.email,
    });
    expect(users.find((u) => u.user_guid === member.userGuid)).toMatchObject({
      access: 200,
      org_guid: orgGuid,
      managed_by: 'org',
      email: member.email,
    });
    expect(users.find((u) => u.user_guid === admin.userGuid)).toMatchObject({
      access: 300,
      managed_by: 'org',
    });
    const names = users.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(response.json().pagination_token).toBeNull();
  });

  it('pages with tokens, every row once, up to 200 per page', async () => {
    const deviceGuid = await newDevice();
    for (let i = 0; i < 3; i++) await createDeviceUser(t, deviceGuid, ACCESS.user);
    const all = (await listUsers(admin, deviceGuid)).json().users as DeviceUser[];
    const walked: DeviceUser[] = [];
    let token: string | null = null;
    do {
      const query: string = `?pagination_size=2${token ? `&pagination_token=${token}` : ''}`;
      const page = await listUsers(admin, deviceGuid, query);
      expect(page.statusCode).toBe(200);
      walked.push(...page.json().users);
      token = page.json().pagination_token;
    } while (token);
    expect(walked).toEqual(all);
    expect((await listUsers(admin, deviceGuid, '?pagination_size=201')).statusCode).toBe(400);
    expect((await listUsers(admin, deviceGuid, '?pagination_token=forged')).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /devices/{device_guid}/users', () => {
  it('changes and removes device users in one recorded change each, and announces it', async () => {
    const deviceGuid = await newDevice();
    const a = await createDeviceUser(t, deviceGuid, ACCESS.readOnly);
    const b = await createDeviceUser(t, deviceGuid, ACCESS.user);

    const saved = await save(admin, deviceGuid, [
      { user_guid: a.userGuid, access: 300 },
      { user_guid: b.userGuid, access: 200 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const users = (await listUsers(admin, deviceGuid)).json().users as DeviceUser[];
    expect(users.find((u) => u.user_guid === a.userGuid)?.access).toBe(300);

    const [changed] = await userEvents(deviceGuid);
    expect(changed?.orgGuid).toBe(orgGuid);
    expect(changed?.eventData).toMatchObject({
      user_guid: admin.userGuid,
      users: [{ user_guid: a.userGuid, email: a.email, from_access: 100, to_access: 300 }],
    });
    expect(changed?.eventData.message).toBe(
      `Device users changed by ${admin.email}: ${a.email} Read Only → Admin`,
    );
    expect(emitted.at(-1)).toEqual({
      type: 'device.users',
      deviceGuid,
      orgGuid,
      actor: { userGuid: admin.userGuid, email: admin.email },
      what: 'Device users changed',
      changes: [{ userGuid: a.userGuid, email: a.email, before: 100, after: 300 }],
    });

    const removed = await remove(admin, deviceGuid, [b.userGuid]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await openDevice(b, deviceGuid)).statusCode).toBe(404);
    expect((await openDevice(a, deviceGuid)).statusCode).toBe(200);
    const [gone] = await userEvents(deviceGuid);
    expect(gone?.eventData).toMatchObject({
      users: [{ user_guid: b.userGuid, from_access: 200, to_access: null }],
    });
    expect(emitted.at(-1)).toMatchObject({ changes: [{ userGuid: b.userGuid, before: 200, after: null }] });
  });

  it('refuses rows managed by the organization and users without access, changing nothing', async () => {
    const deviceGuid = await newDevice();
    const guest = await createDeviceUser(t, deviceGuid, ACCESS.readOnly);
    const member = await createMember(t, orgGuid, ACCESS.readOnly);
    const before = (await userEvents(deviceGuid)).length;

    const managed = await save(admin, deviceGuid, [
      { user_guid: guest.userGuid, access: 300 },
      { user_guid: member.userGuid, access: 300 },
    ]);
    expect(managed.statusCode).toBe(400);
    expect(managed.json()).toMatchObject({
      message: DEVICE_USER_ERRORS.managed,
      error_code: 'DEVICE_USER_MANAGED',
    });
    const removeManaged = await remove(admin, deviceGuid, [member.userGuid]);
    expect(removeManaged.json().message).toBe(DEVICE_USER_ERRORS.managed);

    const stranger = await createUser(t);
    const unknown = await save(admin, deviceGuid, [{ user_guid: stranger.userGuid, access: 100 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(DEVICE_USER_ERRORS.notDeviceUser);
    expect((await openDevice(stranger, deviceGuid)).statusCode).toBe(404);

    const users = (await listUsers(admin, deviceGuid)).json().users as DeviceUser[];
    expect(users.find((u) => u.user_guid === guest.userGuid)?.access).toBe(100);
    expect(users.find((u) => u.user_guid === member.userGuid)?.access).toBe(100);
    expect(await userEvents(deviceGuid)).toHaveLength(before);

    const bad = await save(admin, deviceGuid, [{ user_guid: guest.userGuid, access: 150 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Access must be 100 (Read Only), 200 (User) or 300 (Admin)');
    expect((await remove(admin, deviceGuid, [])).statusCode).toBe(400);
  });

  it('is for editors of the device: org admins and device users above 200', async () => {
    const deviceGuid = await newDevice();
    const deviceAdmin = await createDeviceUser(t, deviceGuid, ACCESS.admin);
    const deviceUser = await createDeviceUser(t, deviceGuid, ACCESS.user);
    const orgUser = await createMember(t, orgGuid, ACCESS.user);

    expect((await listUsers(deviceAdmin, deviceGuid)).statusCode).toBe(200);
    expect(
      (await save(deviceAdmin, deviceGuid, [{ user_guid: deviceUser.userGuid, access: 100 }])).statusCode,
    ).toBe(200);
    for (const caller of [deviceUser, orgUser]) {
      expect((await listUsers(caller, deviceGuid)).statusCode).toBe(403);
      expect(
        (await save(caller, deviceGuid, [{ user_guid: deviceAdmin.userGuid, access: 100 }])).statusCode,
      ).toBe(403);
      expect((await remove(caller, deviceGuid, [deviceAdmin.userGuid])).statusCode).toBe(403);
    }
  });
});

describe('a device-only user', () => {
  it('sees and reaches only the devices granted, whatever organization is named', async () => {
    const [granted, other] = [await newDevice(), await newDevice()];
    const guest = await createDeviceUser(t, granted, ACCESS.user);

    expect((await openDevice(guest, granted)).statusCode).toBe(200);
    const state = await t.app.inject({
      url: `/v1/devices/${granted}/state`,
      headers: guest.headers(orgGuid),
    });
    expect(state.statusCode).toBe(200);
    expect((await openDevice(guest, other)).statusCode).toBe(404);

    const mine = await t.app.inject({
      url: `/v1/devices?user_guid=${guest.userGuid}`,
      headers: guest.headers(),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().devices.map((d: { device_guid: string }) => d.device_guid)).toEqual([granted]);
    // The console names the person's own organization on every call; the grant is still listed.
    const ownOrg = await createOrg(t, guest, 'Guest Studio');
    const mineFromOwnOrg = await t.app.inject({
      url: `/v1/devices?user_guid=${guest.userGuid}`,
      headers: guest.headers(ownOrg),
    });
    expect(mineFromOwnOrg.json().devices.map((d: { device_guid: string }) => d.device_guid)).toEqual([
      granted,
    ]);
    const narrowed = await t.app.inject({
      url: `/v1/devices?user_guid=${guest.userGuid}&org_guid=${ownOrg}`,
      headers: guest.headers(),
    });
    expect(narrowed.json().devices).toEqual([]);
    const inOrg = await t.app.inject({ url: '/v1/devices', headers: guest.headers(orgGuid) });
    expect(inOrg.statusCode).toBe(200);
    expect(inOrg.json().devices.map((d: { device_guid: string }) => d.device_guid)).toEqual([granted]);
    const someoneElse = await t.app.inject({
      url: `/v1/devices?user_guid=${admin.userGuid}`,
      headers: guest.headers(orgGuid),
    });
    expect(someoneElse.statusCode).toBe(403);

    // Organization-wide calls stay with members.
    expect(
      (await t.app.inject({ url: '/v1/devices/status', headers: guest.headers(orgGuid) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/v1/orgs/${orgGuid}`, headers: guest.headers() })).statusCode).toBe(
      404,
    );
  });

  it('loses the device when it is forgotten, and gets nothing back when it is adopted again', async () => {
    const deviceGuid = await newDevice();
    const guest = await createDeviceUser(t, deviceGuid, ACCESS.admin);
    const pending = await t.app.inject({
      method: 'POST',
      url: '/v1/invites',
      headers: admin.headers(),
      payload: { device_guid: deviceGuid, target_email: `later-${Date.now()}@example.com`, access: 300 },
    });
    expect(pending.statusCode).toBe(201);

    const forgotten = await t.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${deviceGuid}`,
      headers: guest.headers(),
      payload: { reason: 'returned' },
    });
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect((await openDevice(guest, deviceGuid)).statusCode).toBe(404);

    const { serialNumber } = (
      await t.db.select().from(devices).where(eq(devices.deviceGuid, deviceGuid))
    )[0]!;
    const adopted = await adoptBySerial(t, admin.headers(orgGuid), serialNumber);
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect((await openDevice(guest, deviceGuid)).statusCode).toBe(404);
    const users = (await listUsers(admin, deviceGuid)).json().users as DeviceUser[];
    expect(users.every((u) => u.managed_by === 'org')).toBe(true);
    const invites = await t.app.inject({
      url: `/v1/invites?device_guid=${deviceGuid}`,
      headers: admin.headers(),
    });
    expect(invites.json().invites).toEqual([]);
  });
});

describe('device invitations', () => {
  it('make a device user when accepted, at the invited level, and refuse a duplicate', async () => {
    const deviceGuid = await newDevice();
    const email = `guest-${Date.now()}@example.com`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/v1/invites',
      headers: admin.headers(),
      payload: { device_guid: deviceGuid, target_email: email, access: 200 },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const pending = await t.app.inject({
      url: `/v1/invites?device_guid=${deviceGuid}`,
      headers: admin.headers(),
    });
    expect(pending.json().invites).toMatchObject([
      { target_email: email, access: 200, device_guid: deviceGuid },
    ]);

    const guest = await createUser(t, { email });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/v1/invites/accept',
      headers: guest.headers(),
      payload: { invite_guid: invited.json().invite_guid },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ device_guid: deviceGuid });

    const users = (await listUsers(admin, deviceGuid)).json().users as DeviceUser[];
    expect(users.find((u) => u.user_guid === guest.userGuid)).toMatchObject({
      access: 200,
      managed_by: null,
    });
    const [joined] = await userEvents(deviceGuid);
    expect(joined?.eventData.message).toBe(`Device invitation accepted by ${email}: ${email} none → User`);
    expect(joined?.eventData).toMatchObject({
      user_guid: guest.userGuid,
      users: [{ user_guid: guest.userGuid, from_access: null, to_access: 200 }],
    });
    expect((await openDevice(guest, deviceGuid)).statusCode).toBe(200);
    const pendingAfter = await t.app.inject({
      url: `/v1/invites?device_guid=${deviceGuid}`,
      headers: admin.headers(),
    });
    expect(pendingAfter.json().invites).toEqual([]);

    for (const address of [email, email.toUpperCase(), admin.email]) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/v1/invites',
        headers: admin.headers(),
        payload: { device_guid: deviceGuid, target_email: address, access: 300 },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(INVITE_ERRORS.alreadyDeviceUser);
    }
  });

  it('are sent, listed and cancelled by editors of the device only', async () => {
    const deviceGuid = await newDevice();
    const editor = await createDeviceUser(t, deviceGuid, ACCESS.admin);
    const controller = await createDeviceUser(t, deviceGuid, ACCESS.user);
    const invite = (caller: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/invites',
        headers: caller.headers(),
        payload: { device_guid: deviceGuid, target_email: `x-${Math.random()}@example.com`, access: 100 },
      });
    const sent = await invite(editor);
    expect(sent.statusCode).toBe(201);
    expect((await invite(controller)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/v1/invites?device_guid=${deviceGuid}`, headers: controller.headers() }))
        .statusCode,
    ).toBe(403);
    const cancel = (caller: TestUser) =>
      t.app.inject({
        method: 'DELETE',
        url: `/v1/invites/${sent.json().invite_guid}`,
        headers: caller.headers(),
        payload: { device_guid: deviceGuid },
      });
    expect((await cancel(controller)).statusCode).toBe(403);
    expect((await cancel(editor)).statusCode).toBe(200);
  });
});

describe('organization isolation', () => {
  it("answers 404 to editors of another organization and to another device's users", async () => {
    const deviceGuid = await newDevice();
    const {
      owner: outsider,
      orgGuid: outsiderOrg,
      devices: [theirs],
    } = await createOrgWithOwner(t, { devices: 1 });
    const guestOfTheirs = await createDeviceUser(t, theirs!.device_guid, ACCESS.admin);

    for (const caller of [outsider, guestOfTheirs]) {
      expect((await listUsers(caller, deviceGuid)).statusCode).toBe(404);
      expect((await save(caller, deviceGuid, [{ user_guid: admin.userGuid, access: 100 }])).statusCode).toBe(
        404,
      );
      expect((await remove(caller, deviceGuid, [admin.userGuid])).statusCode).toBe(404);
      const invite = await t.app.inject({
        method: 'POST',
        url: '/v1/invites',
        headers: caller.headers(outsiderOrg),
        payload: { device_guid: deviceGuid, target_email: 'nobody@example.com', access: 100 },
      });
      expect(invite.statusCode).toBe(404);
    }
    const listed = await t.app.inject({ url: '/v1/devices', headers: guestOfTheirs.headers(orgGuid) });
    expect(listed.statusCode).toBe(404);
  });
});
