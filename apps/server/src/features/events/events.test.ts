import type { DeviceEvent } from '@ec/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  adoptBySerial,
  createDeviceUser,
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  eventually,
  provisionInto,
  sendShadowSet,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { eventsRepository } from '../../device-core/events/events.repository.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(async () => {
  for (const close of closing) await close();
  await t.close();
});

interface EventsPage {
  events: DeviceEvent[];
  pagination_token: string | null;
}

const get = (url: string, user = owner, org = orgGuid) => t.app.inject({ url, headers: user.headers(org) });
const deviceEvents = async (deviceGuid: string, query = '', user = owner): Promise<EventsPage> =>
  (await get(`/v1/devices/${deviceGuid}/events${query}`, user)).json();
const orgEvents = async (query = '', user = owner, org = orgGuid): Promise<EventsPage> =>
  (await get(`/v1/orgs/${org}/events${query}`, user, org)).json();
const messages = (page: EventsPage) => page.events.map((event) => event.event_data.message);

/** Events written as they would have been at `timestamp`, for the windows and the paging. */
async function recordAt(deviceGuid: string, timestamp: Date, messages: readonly string[], org = orgGuid) {
  await eventsRepository(t.db).recordMany(
    messages.map((message) => ({
      deviceGuid,
      orgGuid: org,
      eventType: 'state',
      eventData: { message },
      timestamp,
    })),
  );
}

describe("a device's events", () => {
  it('lists who adopted the device and what a user changed, with the versions before and after', async () => {
    const simulated = await startSimulatedDevice(t, { orgGuid });
    closing.push(() => simulated.stop());
    const deviceGuid = simulated.device.device_guid;
    await eventually(async () => simulated.shadow('System').version > 0);

    const version = simulated.shadow('System').version;
    const config = simulated.shadow('System').state.config as Record<string, unknown>;
    const sent = await sendShadowSet(t, owner.headers(orgGuid), deviceGuid, {
      shadowName: 'System',
      targetVersion: version,
      state: { config: { ...config, device_name: 'Stage left' } },
    });
    const commandGuid = sent.json().commands[0].command_guid;
    const shadowEvent = await eventually(async () =>
      (await deviceEvents(deviceGuid)).events.find((event) => event.event_type === 'shadow'),
    );
    expect(shadowEvent).toMatchObject({
      device_guid: deviceGuid,
      device_name: 'Stage left',
      event_data: {
        message: 'System set succeeded',
        shadow_name: 'System',
        command_guid: commandGuid,
        from_shadow: version,
        to_shadow: version + 1,
        user_guid: owner.userGuid,
        email: owner.email,
      },
    });
    const page = await deviceEvents(deviceGuid);
    expect(messages(page)).toContain('Device online');
    const times = page.events.map((event) => event.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('pages newest first without skipping or repeating events of the same microsecond', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const guid = device!.device_guid;
    const now = Date.now();
    await recordAt(guid, new Date(now - 60_000), ['a', 'b', 'c', 'd', 'e']);
    await recordAt(guid, new Date(now - 30_000), ['f', 'g']);

    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page: EventsPage = await deviceEvents(
        guid,
        `?pagination_size=2${token ? `&pagination_token=${token}` : ''}`,
      );
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...(messages(page) as string[]));
      token = page.pagination_token;
    } while (token);
    expect(seen.slice(0, 2).sort()).toEqual(['f', 'g']);
    expect(seen.slice(2).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('shows the last day unless a window is asked for', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const guid = device!.device_guid;
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);
    await recordAt(guid, hoursAgo(30), ['yesterday before']);
    await recordAt(guid, hoursAgo(2), ['today']);

    expect(messages(await deviceEvents(guid))).toEqual(['today']);
    const window = `?start_time=${hoursAgo(48).toISOString()}&end_time=${hoursAgo(24).toISOString()}`;
    expect(messages(await deviceEvents(guid, window))).toEqual(['yesterday before']);
    expect(messages(await deviceEvents(guid, `?start_time=${hoursAgo(48).toISOString()}`))).toEqual([
      'today',
      'yesterday before',
    ]);
  });

  it('refuses a bad window, token or device list with a message', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const base = `/v1/devices/${device!.device_guid}/events`;
    const reversed = await get(`${base}?start_time=2026-01-02T00:00:00Z&end_time=2026-01-01T00:00:00Z`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('start_time must not be after end_time');
    const badTime = await get(`${base}?start_time=yesterday`);
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toContain('Must be an ISO 8601 date and time');
    expect((await get(`${base}?pagination_token=abc`)).json().error_code).toBe('INVALID_PAGINATION_TOKEN');
    const badDevices = await get(`/v1/orgs/${orgGuid}/events?device_guids=not-a-guid`);
    expect(badDevices.statusCode).toBe(400);
    expect(badDevices.json().message).toContain('Must be a valid guid');
  });

  it('answers another organization 404 and shows a re-adopted device none of its earlier events', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const guid = device!.device_guid;
    await recordAt(guid, new Date(), ['ours']);
    const other = await createOrgWithOwner(t);
    const foreign = await get(`/v1/devices/${guid}/events`, other.owner, other.orgGuid);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error_code).toBe('DEVICE_NOT_FOUND');

    await t.devices.forget({
      deviceGuid: guid,
      orgGuid,
      actor: { userGuid: owner.userGuid, email: owner.email },
      reason: 'sold',
    });
    const adopted = await adoptBySerial(t, other.owner.headers(other.orgGuid), device!.serial_number);
    expect(adopted.statusCode, adopted.body).toBe(200);
    const theirs = (await get(`/v1/devices/${guid}/events`, other.owner, other.orgGuid)).json();
    expect(messages(theirs)).toEqual([`Adopted by ${other.owner.email}`]);
  });
});

describe("an organization's events", () => {
  it('lists every device to members, only the granted ones to a device user, and nothing to strangers', async () => {
    const { orgGuid: org, owner: orgOwner } = await createOrgWithOwner(t);
    const [first, second] = await provisionInto(t, org, 2);
    await recordAt(first!.device_guid, new Date(Date.now() - 1000), ['first device'], org);
    await recordAt(second!.device_guid, new Date(), ['second device'], org);

    expect(messages(await orgEvents('', orgOwner, org))).toEqual(['second device', 'first device']);
    const filtered = await orgEvents(`?device_guids=${first!.device_guid}`, orgOwner, org);
    expect(messages(filtered)).toEqual(['first device']);
    expect(filtered.events[0]!.device_guid).toBe(first!.device_guid);

    const viewer = await createMember(t, org, 100);
    expect(messages(await orgEvents('', viewer, org))).toEqual(['second device', 'first device']);

    const deviceUser = await createDeviceUser(t, second!.device_guid, 100);
    expect(messages(await orgEvents('', deviceUser, org))).toEqual(['second device']);
    expect((await get(`/v1/devices/${first!.device_guid}/events`, deviceUser, org)).statusCode).toBe(404);

    const stranger = await createOrgWithOwner(t);
    const answer = await get(`/v1/orgs/${org}/events`, stranger.owner, stranger.orgGuid);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error_code).toBe('ORG_NOT_FOUND');
  });
});
