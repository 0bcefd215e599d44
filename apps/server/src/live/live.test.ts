import { deviceTopics } from '@ec/contract/device-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, provision, provisionInto, type TestUser } from '../../test/factories.ts';
import { openLive as openLiveAt } from '../../test/live-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectMqtt } from '../device-link/mqtt-client.ts';

let t: TestApp;
let baseUrl: string;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createUser(t);
  orgGuid = await createOrg(t, owner);
});
afterAll(() => t.close());

const openLive = (hello: Record<string, unknown>) => openLiveAt(baseUrl, hello);

describe('live channel', () => {
  it("pushes the organization's device changes once the hello is accepted", async () => {
    const live = await openLive({ access_token: owner.token, org_guid: orgGuid });
    await live.waitFor((e) => e.type === 'ready');

    const [device] = await provision(t);
    await t.app.inject({
      method: 'POST',
      url: `/v1/devices/adopt?serial_number=${device!.serial_number}`,
      headers: owner.headers(orgGuid),
    });
    await live.waitFor((e) => e.type === 'device.adopted' && e.device_guid === device!.device_guid);

    const mqtt = await connectMqtt(t.deviceLink.deviceBrokerUrl, {
      clientId: device!.device_guid,
      username: device!.mqtt_username,
      password: device!.mqtt_password,
      reconnectPeriod: 0,
    });
    await mqtt.publishAsync(deviceTopics(device!.device_guid).connection, JSON.stringify({ online: true }), {
      qos: 1,
      retain: true,
    });
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
    await t.app.inject({
      method: 'POST',
      url: `/v1/devices/adopt?serial_number=${device!.serial_number}`,
      headers: owner.headers(orgGuid),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.events).toEqual([{ type: 'ready' }]);
    other.socket.close();
  });
});
