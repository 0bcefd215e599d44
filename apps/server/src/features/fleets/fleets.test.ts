import { ACCESS } from '@ec/contract/access';
import type { DeviceUser } from '@ec/contract/device-users';
import { FLEET_ERRORS, type Fleet, type FleetStatus, type FleetUser } from '@ec/contract/fleets';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addFleetUser,
  createFleet,
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  createUser,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { alerts } from '../../db/tables/alerts.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';

let t: TestApp;
let admin: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner: admin, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

const call = (
  caller: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  org?: string,
) => t.app.inject({ method, url: `/v1${url}`, headers: caller.headers(org), payload });

async function newDevices(count = 1, org = orgGuid) {
  return (await provisionInto(t, org, count)).map((device) => device.device_guid);
}

/** A fleet of the organization holding `count` new devices. */
async function fleetWithDevices(count = 1) {
  const deviceGuids = await newDevices(count);
  const fleetGuid = await createFleet(t, admin, orgGuid, { deviceGuids });
  return { fleetGuid, deviceGuids };
}

/** A user of the fleet who is not a member of its organization. */
async function fleetUser(fleetGuid: string, access: number) {
  const user = await createUser(t);
  await addFleetUser(t, fleetGuid, user, access);
  return user;
}

const getFleet = async (caller: TestUser, fleetGuid: string) => call(caller, 'GET', `/fleets/${fleetGuid}`);

const deviceRights = async (caller: TestUser, deviceGuid: string) => {
  const response = await call(caller, 'GET', `/devices/${deviceGuid}`);
  return response.statusCode === 200 ? response.json().rights : response.statusCode;
};

describe('POST /fleets', () => {
  it('creates a fleet in the organization for its editors only', async () => {
    const created = await call(admin, 'POST', '/fleets', { fleet_name: ' Venue A ' }, orgGuid);
    expect(created.statusCode, created.body).toBe(201);
    const fleet: Fleet = (await getFleet(admin, created.json().fleet_guid)).json().fleet;
    expect(fleet).toMatchObject({
      fleet_name: 'Venue A',
      org_guid: orgGuid,
      editable: true,
      controllable: true,
    });

    const user = await createMember(t, orgGuid, ACCESS.user);
    expect((await call(user, 'POST', '/fleets', { fleet_name: 'x' }, orgGuid)).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await call(stranger, 'POST', '/fleets', { fleet_name: 'x' }, orgGuid)).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/fleets', { fleet_name: 'x' })).statusCode).toBe(400);
  });

  it('requires a fleet name', async () => {
    for (const payload of [{ fleet_name: '   ' }, {}]) {
      const response = await call(admin, 'POST', '/fleets', payload, orgGuid);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Fleet name is required');
    }
  });
});

describe('GET /fleets', () => {
  it("lists the organization's fleets by name, searched and paged, and 'Assigned To Me'", async () => {
    const { owner, orgGuid: org } = await createOrgWithOwner(t);
    const names = ['Charlie', 'alpha', 'Bravo'];
    const guids = new Map<string, string>();
    for (const name of names) guids.set(name, await createFleet(t, owner, org, { fleetName: name }));
    const listed = await call(owner, 'GET', '/fleets', undefined, org);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().fleets.map((f: Fleet) => f.fleet_name)).toEqual(['alpha', 'Bravo', 'Charlie']);

    const first = (await call(owner, 'GET', '/fleets?pagination_size=2', undefined, org)).json();
    expect(first.fleets).toHaveLength(2);
    const second = (
      await call(
        owner,
        'GET',
        `/fleets?pagination_size=2&pagination_token=${first.pagination_token}`,
        undefined,
        org,
      )
    ).json();
    expect(second.fleets.map((f: Fleet) => f.fleet_name)).toEqual(['Charlie']);
    expect(second.pagination_token).toBeNull();

    const searched = (await call(owner, 'GET', '/fleets?fleet_name=RAV', undefined, org)).json();
    expect(searched.fleets.map((f: Fleet) => f.fleet_name)).toEqual(['Bravo']);

    // A member who is also a user of one fleet: 'Assigned To Me' lists that one.
    const member = await createMember(t, org, ACCESS.readOnly);
    await addFleetUser(t, guids.get('Charlie')!, member, ACCESS.admin);
    const mine = (await call(member, 'GET', `/fleets?user_guid=${member.userGuid}`, undefined, org)).json();
    expect(mine.fleets).toEqual([expect.objectContaining({ fleet_name: 'Charlie', editable: true })]);
    const all = (await call(member, 'GET', '/fleets', undefined, org)).json();
    expect(all.fleets.map((f: Fleet) => [f.fleet_name, f.editable])).toEqual([
      ['alpha', false],
      ['Bravo', false],
      ['Charlie', true],
    ]);
    expect(
      (await call(member, 'GET', `/fleets?user_guid=${owner.userGuid}`, undefined, org)).statusCode,
    ).toBe(403);
  });

  it('shows a fleet user who is not a member only their fleets, and strangers nothing', async () => {
    const { owner, orgGuid: org } = await createOrgWithOwner(t);
    const theirs = await createFleet(t, owner, org, { fleetName: 'Theirs' });
    await createFleet(t, owner, org, { fleetName: 'Other' });
    const guest = await createUser(t);
    await addFleetUser(t, theirs, guest, ACCESS.readOnly);
    const listed = (await call(guest, 'GET', '/fleets', undefined, org)).json();
    expect(listed.fleets).toEqual([
      expect.objectContaining({ fleet_guid: theirs, editable: false, controllable: false }),
    ]);
    const stranger = await createUser(t);
    expect((await call(stranger, 'GET', '/fleets', undefined, org)).statusCode).toBe(404);
  });
});

describe('GET, PATCH and DELETE /fleets/{fleet_guid}', () => {
  it('answers rights by the organization and the fleet user levels; other organizations get 404', async () => {
    const { fleetGuid } = await fleetWithDevices(0);
    const rightsOf = async (caller: TestUser) => {
      const fleet: Fleet = (await getFleet(caller, fleetGuid)).json().fleet;
      return [fleet.controllable, fleet.editable];
    };
    expect(await rightsOf(admin)).toEqual([true, true]);
    expect(await rightsOf(await createMember(t, orgGuid, ACCESS.readOnly))).toEqual([false, false]);
    expect(await rightsOf(await createMember(t, orgGuid, ACCESS.user))).toEqual([true, false]);
    expect(await rightsOf(await fleetUser(fleetGuid, ACCESS.readOnly))).toEqual([false, false]);
    expect(await rightsOf(await fleetUser(fleetGuid, ACCESS.user))).toEqual([true, false]);
    expect(await rightsOf(await fleetUser(fleetGuid, ACCESS.admin))).toEqual([true, true]);
    // A read-only member who is a fleet admin edits the fleet: the higher right wins.
    const both = await createMember(t, orgGuid, ACCESS.readOnly);
    await addFleetUser(t, fleetGuid, both, ACCESS.admin);
    expect(await rightsOf(both)).toEqual([true, true]);

    const other = await createOrgWithOwner(t);
    const response = await getFleet(other.owner, fleetGuid);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(FLEET_ERRORS.notFound);
  });

  it('renames and deletes for fleet editors, with a name and a reason required', async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(1);
    const editor = await fleetUser(fleetGuid, ACCESS.admin);
    const controller = await fleetUser(fleetGuid, ACCESS.user);
    expect((await call(controller, 'PATCH', `/fleets/${fleetGuid}`, { fleet_name: 'No' })).statusCode).toBe(
      403,
    );
    const renamed = await call(editor, 'PATCH', `/fleets/${fleetGuid}`, { fleet_name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().fleet.fleet_name).toBe('Renamed');
    expect(
      (await call(editor, 'PATCH', `/fleets/${fleetGuid}`, { fleet_name: '' })).json().message,
    ).toContain('Fleet name is required');

    const noReason = await call(editor, 'DELETE', `/fleets/${fleetGuid}`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Reason is required');
    expect((await call(controller, 'DELETE', `/fleets/${fleetGuid}`, { reason: 'done' })).statusCode).toBe(
      403,
    );
    expect((await call(editor, 'DELETE', `/fleets/${fleetGuid}`, { reason: 'done' })).statusCode).toBe(200);
    expect((await getFleet(admin, fleetGuid)).statusCode).toBe(404);
    // The devices stay in the organization; the fleet's grants end with it.
    expect(await deviceRights(admin, deviceGuids[0]!)).toMatchObject({ edit: true });
    expect(await deviceRights(editor, deviceGuids[0]!)).toBe(404);
    const events = await t.db
      .select({ data: deviceEvents.eventData })
      .from(deviceEvents)
      .where(eq(deviceEvents.deviceGuid, deviceGuids[0]!));
    expect(events.map((event) => event.data.message)).toContain(
      `Removed from fleet Renamed by ${editor.email}`,
    );
  });
});

describe('/fleets/{fleet_guid}/devices', () => {
  it('adds, lists by name, pages and removes devices, each change in the device events', async () => {
    const fleetGuid = await createFleet(t, admin, orgGuid);
    const deviceGuids = await newDevices(3);
    const names = ['Cam C', 'cam a', 'Cam B'];
    for (const [index, deviceGuid] of deviceGuids.entries())
      await t.db.update(devices).set({ deviceName: names[index] }).where(eq(devices.deviceGuid, deviceGuid));
    const added = await call(admin, 'POST', `/fleets/${fleetGuid}/devices`, { devices: deviceGuids });
    expect(added.statusCode, added.body).toBe(200);
    // Adding again changes nothing.
    expect(
      (await call(admin, 'POST', `/fleets/${fleetGuid}/devices`, { devices: deviceGuids })).statusCode,
    ).toBe(200);

    const first = (await call(admin, 'GET', `/fleets/${fleetGuid}/devices?pagination_size=2`)).json();
    expect(first.devices.map((d: { device_name: string }) => d.device_name)).toEqual(['cam a', 'Cam B']);
    const rest = (
      await call(
        admin,
        'GET',
        `/fleets/${fleetGuid}/devices?pagination_size=2&pagination_token=${first.pagination_token}`,
      )
    ).json();
    expect(rest.devices.map((d: { device_name: string }) => d.device_name)).toEqual(['Cam C']);

    const removed = await call(admin, 'DELETE', `/fleets/${fleetGuid}/devices`, {
      devices: [deviceGuids[0]],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = (await call(admin, 'GET', `/fleets/${fleetGuid}/devices`)).json();
    expect(left.devices).toHaveLength(2);

    const events = await t.db
      .select({ data: deviceEvents.eventData })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.deviceGuid, deviceGuids[0]!), eq(deviceEvents.eventType, 'agent')));
    const messages = events.map((event) => event.data.message);
    expect(messages.filter((message) => String(message).startsWith('Added to fleet'))).toHaveLength(1);
    expect(messages).toContain(
      `Removed from fleet ${(await getFleet(admin, fleetGuid)).json().fleet.fleet_name} by ${admin.email}`,
    );
  });

  it("takes only devices of the fleet's organization that the caller sees", async () => {
    const { fleetGuid } = await fleetWithDevices(0);
    const other = await createOrgWithOwner(t, { devices: 1 });
    const foreign = other.devices[0]!.device_guid;
    const refused = await call(admin, 'POST', `/fleets/${fleetGuid}/devices`, { devices: [foreign] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(FLEET_ERRORS.devicesNotFound);

    // A fleet admin who is not a member adds only devices granted to them.
    const editor = await fleetUser(fleetGuid, ACCESS.admin);
    const [unseen] = await newDevices(1);
    expect(
      (await call(editor, 'POST', `/fleets/${fleetGuid}/devices`, { devices: [unseen] })).statusCode,
    ).toBe(400);
    const { deviceGuids } = await fleetWithDevices(1);
    const [seen] = deviceGuids;
    const otherFleet = (await call(admin, 'GET', '/fleets', undefined, orgGuid))
      .json()
      .fleets.find((fleet: Fleet) => fleet.fleet_guid !== fleetGuid);
    expect(otherFleet).toBeDefined();
    const sharing = await createFleet(t, admin, orgGuid, { deviceGuids: [seen!] });
    await addFleetUser(t, sharing, editor, ACCESS.readOnly);
    const added = await call(editor, 'POST', `/fleets/${fleetGuid}/devices`, { devices: [seen] });
    expect(added.statusCode, added.body).toBe(200);
  });
});

describe('fleet access to devices (spec 2 §6)', () => {
  it('grants view, control and edit by the fleet user level, the highest of several fleets', async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(1);
    const deviceGuid = deviceGuids[0]!;
    const reader = await fleetUser(fleetGuid, ACCESS.readOnly);
    const controller = await fleetUser(fleetGuid, ACCESS.user);
    const editor = await fleetUser(fleetGuid, ACCESS.admin);
    expect(await deviceRights(reader, deviceGuid)).toEqual({ control: false, edit: false, admin: false });
    expect(await deviceRights(controller, deviceGuid)).toEqual({ control: true, edit: false, admin: false });
    expect(await deviceRights(editor, deviceGuid)).toEqual({ control: true, edit: true, admin: false });

    const second = await createFleet(t, admin, orgGuid, { deviceGuids: [deviceGuid] });
    await addFleetUser(t, second, reader, ACCESS.admin);
    expect(await deviceRights(reader, deviceGuid)).toEqual({ control: true, edit: true, admin: false });

    // A device outside the fleet stays unseen.
    const [outside] = await newDevices(1);
    expect(await deviceRights(editor, outside!)).toBe(404);
  });

  it("reads the caller's rights on a device in one statement, fleets included", async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(1);
    const deviceGuid = deviceGuids[0]!;
    const second = await createFleet(t, admin, orgGuid, { deviceGuids: [deviceGuid] });
    const inTwoFleets = await fleetUser(fleetGuid, ACCESS.user);
    await addFleetUser(t, second, inTwoFleets, ACCESS.admin);
    // The pool every statement of the app goes through.
    const pool = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(pool, 'query');
    try {
      expect(await deviceRights(inTwoFleets, deviceGuid)).toMatchObject({ edit: true });
      const texts = query.mock.calls.map(([first]) =>
        typeof first === 'string' ? first : String((first as { text: string }).text),
      );
      const grants = texts.filter((text) => /org_users|device_users|fleet_users/.test(text));
      expect(grants).toHaveLength(1);
      expect(grants[0]).toMatch(/org_users[\s\S]*device_users[\s\S]*fleet_users/);
    } finally {
      query.mockRestore();
    }
  });

  it('ends when the device is removed from the fleet or forgotten', async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(2);
    const [removed, forgotten] = deviceGuids as [string, string];
    const editor = await fleetUser(fleetGuid, ACCESS.admin);
    await call(admin, 'DELETE', `/fleets/${fleetGuid}/devices`, { devices: [removed] });
    expect(await deviceRights(editor, removed)).toBe(404);

    expect(await deviceRights(editor, forgotten)).toMatchObject({ edit: true });
    const forget = await call(admin, 'DELETE', `/devices/${forgotten}`, { reason: 'moved' });
    expect(forget.statusCode, forget.body).toBe(200);
    // Adopted again into the same organization, it is no longer in the fleet.
    await t.db.update(devices).set({ orgGuid }).where(eq(devices.deviceGuid, forgotten));
    expect(await deviceRights(editor, forgotten)).toBe(404);
    const listed = (await call(admin, 'GET', `/fleets/${fleetGuid}/devices`)).json();
    expect(listed.devices).toEqual([]);
    const status: FleetStatus = (await call(admin, 'GET', `/fleets/${fleetGuid}/devices/status`)).json()
      .status;
    expect(status.total_devices).toBe(0);
  });

  it('counts a fleet device only while it is in the organization it was added in', async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(1);
    const deviceGuid = deviceGuids[0]!;
    const editor = await fleetUser(fleetGuid, ACCESS.admin);
    // Moved to another organization without passing through the forget call.
    const other = await createOrgWithOwner(t);
    await t.db.update(devices).set({ orgGuid: other.orgGuid }).where(eq(devices.deviceGuid, deviceGuid));
    expect(await deviceRights(editor, deviceGuid)).toBe(404);
    expect((await call(admin, 'GET', `/fleets/${fleetGuid}/devices`)).json().devices).toEqual([]);
  });

  it("shows a fleet user who is not a member the fleet's devices in the organization's device list", async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(2);
    await newDevices(1);
    const reader = await fleetUser(fleetGuid, ACCESS.readOnly);
    const listed = await call(reader, 'GET', '/devices', undefined, orgGuid);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .devices.map((d: { device_guid: string }) => d.device_guid)
        .sort(),
    ).toEqual([...deviceGuids].sort());
  });

  it("lists the fleet's users on the device as managed by the fleet", async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(1);
    const deviceGuid = deviceGuids[0]!;
    const user = await fleetUser(fleetGuid, ACCESS.user);
    const better = await createFleet(t, admin, orgGuid, { deviceGuids: [deviceGuid] });
    await addFleetUser(t, better, user, ACCESS.admin);
    const response = await call(admin, 'GET', `/devices/${deviceGuid}/users`);
    expect(response.statusCode, response.body).toBe(200);
    const rows: DeviceUser[] = response
      .json()
      .users.filter((row: DeviceUser) => row.user_guid === user.userGuid);
    expect(rows).toEqual([
      expect.objectContaining({
        access: ACCESS.admin,
        managed_by: 'fleet',
        fleet_guid: better,
        org_guid: null,
      }),
    ]);
    // Paged one row at a time, every row comes once.
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page: { users: DeviceUser[]; pagination_token: string | null } = (
        await call(
          admin,
          'GET',
          `/devices/${deviceGuid}/users?pagination_size=1${token ? `&pagination_token=${token}` : ''}`,
        )
      ).json();
      seen.push(...page.users.map((row: DeviceUser) => `${row.user_guid}:${row.managed_by}`));
      token = page.pagination_token;
    } while (token);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(`${user.userGuid}:fleet`);
    // Not the device's own user: it cannot be changed there.
    const refused = await call(admin, 'PUT', `/devices/${deviceGuid}/users`, {
      users: [{ user_guid: user.userGuid, access: 100 }],
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('GET /fleets/{fleet_guid}/devices/status', () => {
  it('counts devices, online, streaming and open alerts', async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(3);
    const [streaming, online] = deviceGuids as [string, string, string];
    await t.db
      .update(devices)
      .set({ online: true, state: { online: true }, outputsStatus: 1 })
      .where(eq(devices.deviceGuid, streaming));
    await t.db
      .update(devices)
      .set({ online: true, state: { online: true }, outputsStatus: 2 })
      .where(eq(devices.deviceGuid, online));
    const [alert] = await t.db
      .insert(alerts)
      .values({ orgGuid, deviceGuid: online, alertType: 'device', type: 'metric', name: 'cpu' })
      .returning();
    await t.db.insert(alerts).values({
      orgGuid,
      deviceGuid: online,
      alertType: 'device',
      type: 'metric',
      name: 'old',
      resolved: true,
    });
    const response = await call(
      await fleetUser(fleetGuid, ACCESS.readOnly),
      'GET',
      `/fleets/${fleetGuid}/devices/status`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const status: FleetStatus = response.json().status;
    expect(status).toEqual({
      total_devices: 3,
      total_online: 2,
      total_streaming: 1,
      total_alerts: 1,
      devices_online: expect.arrayContaining([streaming, online]),
      devices_streaming: [streaming],
      alerts: [{ alert_guid: alert!.alertGuid, device_guid: online }],
    });
  });
});

describe('/fleets/{fleet_guid}/users', () => {
  it("lists the fleet's users and the organization's members, managed by the organization", async () => {
    const { fleetGuid } = await fleetWithDevices(0);
    const guest = await fleetUser(fleetGuid, ACCESS.user);
    const response = await call(admin, 'GET', `/fleets/${fleetGuid}/users`);
    expect(response.statusCode, response.body).toBe(200);
    const users: FleetUser[] = response.json().users;
    expect(users.find((u) => u.user_guid === guest.userGuid)).toMatchObject({
      access: 200,
      managed_by: null,
      org_guid: null,
    });
    expect(users.find((u) => u.user_guid === admin.userGuid)).toMatchObject({
      access: 300,
      managed_by: 'org',
      org_guid: orgGuid,
    });
    expect((await call(guest, 'GET', `/fleets/${fleetGuid}/users`)).statusCode).toBe(403);
  });

  it("changes and removes the fleet's own users, refusing the organization's members", async () => {
    const { fleetGuid, deviceGuids } = await fleetWithDevices(1);
    const guest = await fleetUser(fleetGuid, ACCESS.readOnly);
    const saved = await call(admin, 'PUT', `/fleets/${fleetGuid}/users`, {
      users: [{ user_guid: guest.userGuid, access: 300 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await deviceRights(guest, deviceGuids[0]!)).toMatchObject({ edit: true });

    const managed = await call(admin, 'PUT', `/fleets/${fleetGuid}/users`, {
      users: [{ user_guid: admin.userGuid, access: 100 }],
    });
    expect(managed.statusCode).toBe(400);
    expect(managed.json().message).toBe(FLEET_ERRORS.managed);
    const stranger = await createUser(t);
    const unknown = await call(admin, 'DELETE', `/fleets/${fleetGuid}/users`, { users: [stranger.userGuid] });
    expect(unknown.json().message).toBe(FLEET_ERRORS.notFleetUser);
    const badAccess = await call(admin, 'PUT', `/fleets/${fleetGuid}/users`, {
      users: [{ user_guid: guest.userGuid, access: 250 }],
    });
    expect(badAccess.statusCode).toBe(400);

    const removed = await call(admin, 'DELETE', `/fleets/${fleetGuid}/users`, { users: [guest.userGuid] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await deviceRights(guest, deviceGuids[0]!)).toBe(404);
  });
});

describe('GET /fleets/{fleet_guid}/events (decision 179)', () => {
  const messages = async (caller: TestUser, fleetGuid: string, query = '') => {
    const response = await call(caller, 'GET', `/fleets/${fleetGuid}/events${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().events.map((e: { event_data: { message: string } }) => e.event_data.message);
  };

  it("lists the fleet's own changes, devices added and removed and its devices' events to its readers", async () => {
    const [kept, removed, other] = await newDevices(3);
    const fleetGuid = await createFleet(t, admin, orgGuid, {
      fleetName: 'Events A',
      deviceGuids: [kept!, removed!],
    });
    expect((await call(admin, 'PATCH', `/fleets/${fleetGuid}`, { fleet_name: 'Events B' })).statusCode).toBe(
      200,
    );
    expect(
      (await call(admin, 'DELETE', `/fleets/${fleetGuid}/devices`, { devices: [removed] })).statusCode,
    ).toBe(200);
    const reader = await fleetUser(fleetGuid, ACCESS.readOnly);
    const put = await call(admin, 'PUT', `/fleets/${fleetGuid}/users`, {
      users: [{ user_guid: reader.userGuid, access: ACCESS.user }],
    });
    expect(put.statusCode).toBe(200);
    // A device's own event while in the fleet, and one of a device outside it.
    await t.app.services.devices.recordDeviceEvent(kept!, {
      eventType: 'agent',
      eventData: { message: 'kept says hi' },
      timestamp: new Date(),
    });
    await t.app.services.devices.recordDeviceEvent(other!, {
      eventType: 'agent',
      eventData: { message: 'other says hi' },
      timestamp: new Date(),
    });

    const expected = [
      'kept says hi',
      `Fleet users changed by ${admin.email}: ${reader.email} Read Only → User`,
      `Removed from fleet Events B by ${admin.email}`,
      `Fleet renamed from Events A to Events B by ${admin.email}`,
      `Added to fleet Events A by ${admin.email}`,
      `Added to fleet Events A by ${admin.email}`,
      `Fleet Events A created by ${admin.email}`,
    ];
    expect(await messages(admin, fleetGuid)).toEqual(expected);
    expect(await messages(reader, fleetGuid)).toEqual(expected);
    const page = await call(admin, 'GET', `/fleets/${fleetGuid}/events?pagination_size=2`);
    expect(page.json().events).toHaveLength(2);
    expect(page.json().events[1]).toMatchObject({ device_guid: null, fleet_guid: fleetGuid });
    const next = await call(
      admin,
      'GET',
      `/fleets/${fleetGuid}/events?pagination_size=5&pagination_token=${page.json().pagination_token}`,
    );
    expect(next.json().events.map((e: { event_data: { message: string } }) => e.event_data.message)).toEqual(
      expected.slice(2),
    );
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(await messages(admin, fleetGuid, `?start_time=${future}&end_time=${future}`)).toEqual([]);

    const stranger = await createUser(t);
    expect((await call(stranger, 'GET', `/fleets/${fleetGuid}/events`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/fleets/${crypto.randomUUID()}/events`)).statusCode).toBe(404);
  });
});
