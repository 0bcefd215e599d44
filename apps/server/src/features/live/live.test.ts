import { ACCESS } from '@ec/contract/access';
import { deviceSubscription } from '@ec/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceOnline, connectRawDevice } from '../../../test/devices-on-the-broker.ts';
import {
  addFleetUser,
  adoptBySerial,
  createDeviceUser,
  createFleet,
  createOrg,
  createTestAppWithOrg,
  createUser,
  provision,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import { openLive as openLiveAt } from '../../../test/live-client.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let baseUrl: string;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const openLive = (hello: Record<string, unknown>) => openLiveAt(baseUrl, hello);

describe('live channel', () => {
  it("pushes the organization's device changes once the hello is accepted", async () => {
    const live = await openLive({ access_token: owner.token, org_guid: orgGuid });
    await live.waitFor((e) => e.type === 'ready');

    const [device] = await provision(t);
    await adoptBySerial(t, owner.headers(orgGuid), device!.serial_number);
    await live.waitFor((e) => e.type === 'device.adopted' && e.device_guid === device!.device_guid);

    const mqtt = await connectRawDevice(t, device!, { online: 'retained' });
    await live.waitFor(
      (e) => e.type === 'device.connection' && e.device_guid === device!.device_guid && e.online,
    );
    await mqtt.endAsync();
    live.socket.close();
  });

  it("accepts a personal access token with its owner's organizations", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/pats',
      headers: owner.headers(),
      payload: { comment: 'wall display', token_lifespan_days: 1 },
    });
    const live = await openLive({ access_token: created.json().token_value, org_guid: orgGuid });
    await live.waitFor((e) => e.type === 'ready');
    live.socket.close();
  });

  it('refuses a bad token and an organization the user is not in, and tells nothing of other organizations', async () => {
    const badToken = await openLive({ access_token: 'ec_s_nope', org_guid: orgGuid });
    expect(await badToken.closed).toBe(4401);

    const stranger = await createUser(t);
    const foreign = await openLive({ access_token: stranger.token, org_guid: orgGuid });
    expect(await foreign.closed).toBe(4401);
    expect(foreign.events).toEqual([{ type: 'error', message: 'Organization not found' }]);

    const otherOrg = await createOrg(t, stranger);
    const other = await openLive({ access_token: stranger.token, org_guid: otherOrg });
    await other.waitFor((e) => e.type === 'ready');
    await provisionInto(t, orgGuid);
    const [device] = await provision(t);
    await adoptBySerial(t, owner.headers(orgGuid), device!.serial_number);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.events).toEqual([{ type: 'ready' }]);
    other.socket.close();
  });

  it('delivers command answers only to the sockets that follow the device, and follows what subscribe asks', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const guid = device!.device_guid;
    const mqtt = await connectRawDevice(t, device!);
    const list = await openLive({ access_token: owner.token, org_guid: orgGuid });
    const page = await openLive({
      access_token: owner.token,
      org_guid: orgGuid,
      subscriptions: [deviceSubscription(guid)],
    });
    await Promise.all([list.waitFor((e) => e.type === 'ready'), page.waitFor((e) => e.type === 'ready')]);

    await announceOnline(t, mqtt, guid);
    // Both follow the device's connection: the list as a list, the page as the device's own.
    await list.waitFor((e) => e.type === 'device.connection' && e.device_guid === guid);
    await page.waitFor((e) => e.type === 'device.connection' && e.device_guid === guid);

    const reboot = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/devices/${guid}/commands`,
        headers: owner.headers(orgGuid),
        payload: { command: 'restart_cloud' },
      });
    const first = (await reboot()).json().command_guid;
    await page.waitFor((e) => e.type === 'device.command' && e.command_guid === first);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(list.events.filter((e) => e.type === 'device.command')).toEqual([]);

    list.socket.send(
      JSON.stringify({ type: 'subscribe', subscriptions: ['devices', deviceSubscription(guid)] }),
    );
    page.socket.send(JSON.stringify({ type: 'subscribe', subscriptions: [] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = (await reboot()).json().command_guid;
    await list.waitFor((e) => e.type === 'device.command' && e.command_guid === second);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(page.events.filter((e) => e.type === 'device.command' && e.command_guid === second)).toEqual([]);

    page.socket.send(JSON.stringify({ type: 'subscribe', subscriptions: ['everything'] }));
    await page.waitFor((e) => e.type === 'error');
    expect(page.socket.readyState).toBe(page.socket.OPEN);
    await mqtt.endAsync();
    list.close();
    page.close();
  });

  it("gives a device-only user's socket the events of its devices and none of the others", async () => {
    const [granted, other] = await provisionInto(t, orgGuid, 2);
    const grantedGuid = granted!.device_guid;
    const otherGuid = other!.device_guid;
    const guest = await createDeviceUser(t, grantedGuid, ACCESS.admin);
    const second = await createDeviceUser(t, grantedGuid, ACCESS.readOnly);

    const live = await openLive({
      access_token: guest.token,
      org_guid: orgGuid,
      subscriptions: ['devices', deviceSubscription(grantedGuid), deviceSubscription(otherGuid)],
    });
    await live.waitFor((e) => e.type === 'ready');

    await t.devices.recordState(otherGuid, { online: true });
    await t.devices.recordState(grantedGuid, { online: true });
    await live.waitFor((e) => e.type === 'device.state' && e.device_guid === grantedGuid);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/v1/devices/${grantedGuid}/users`,
      headers: guest.headers(),
      payload: { users: [{ user_guid: second.userGuid, access: 200 }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await live.waitFor((e) => e.type === 'device.users' && e.device_guid === grantedGuid);
    await t.devices.recordState(otherGuid, { online: false });
    await t.devices.recordState(grantedGuid, { online: false });
    const grantedStates = () =>
      live.events.filter((e) => e.type === 'device.state' && e.device_guid === grantedGuid);
    await live.waitFor(() => grantedStates().length === 2);
    expect(live.events.filter((e) => 'device_guid' in e && e.device_guid === otherGuid)).toEqual([]);
    live.close();

    // Without a grant in the organization there is nothing to follow there.
    const stranger = await createUser(t);
    const refused = await openLive({ access_token: stranger.token, org_guid: orgGuid });
    expect(await refused.closed).toBe(4401);
    expect(refused.events).toEqual([{ type: 'error', message: 'Organization not found' }]);
  });

  it("gives a fleet user's socket the events of the fleet's devices and none of the others", async () => {
    const [inFleet, other] = await provisionInto(t, orgGuid, 2);
    const inFleetGuid = inFleet!.device_guid;
    const otherGuid = other!.device_guid;
    const fleetGuid = await createFleet(t, owner, orgGuid, { deviceGuids: [inFleetGuid] });
    const fleetUser = await createUser(t);
    await addFleetUser(t, fleetGuid, fleetUser, ACCESS.readOnly);

    const live = await openLive({
      access_token: fleetUser.token,
      org_guid: orgGuid,
      subscriptions: ['devices'],
    });
    await live.waitFor((e) => e.type === 'ready');
    await t.devices.recordState(otherGuid, { online: true });
    await t.devices.recordState(inFleetGuid, { online: true });
    await live.waitFor((e) => e.type === 'device.state' && e.device_guid === inFleetGuid);
    expect(live.events.filter((e) => 'device_guid' in e && e.device_guid === otherGuid)).toEqual([]);
    live.close();
  });
});
