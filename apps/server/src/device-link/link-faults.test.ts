import { deviceTopics, MAX_PACKET_BYTES, type ShadowResultMessage } from '@ec/contract/device-link';
import { DEVICE_LINK_UNAVAILABLE } from '@ec/contract/shadows';
import { initialRuntime } from '@ec/simulator/device-runtime';
import { deviceState } from '@ec/simulator/device-state';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRawDevice,
  startOutsideBroker,
  startSimulatedDevice,
} from '../../test/devices-on-the-broker.ts';
import {
  createOrgWithOwner,
  createTestAppWithOrg,
  eventually,
  sendShadowGet,
  sendShadowSet,
  type TestUser,
} from '../../test/factories.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase, type TestDb } from '../../test/test-databases.ts';
import { shadowCommands } from '../db/tables/shadows.schema.ts';
import { PUBLISH_TIME_LIMIT_MS } from './device-link.ts';
import { withoutCredentials } from './mqtt-client.ts';

/**
 * The device link when the broker goes away: the server runs against a broker outside it (Mosquitto
 * on the external pass, the embedded broker's code standing alone otherwise), reached through a
 * proxy that can hold or cut the connection; devices reach the broker directly.
 */
let database: TestDb;
let broker: Awaited<ReturnType<typeof startOutsideBroker>>;
let brokerUrl: URL;

/** Shared subscriptions need a broker that has them (Mosquitto); the embedded one has not. */
const linkOptions = () => ({ database, sharedSubscriptions: Boolean(process.env.TEST_MQTT_URL) });

beforeAll(async () => {
  database = await openTestDatabase();
  broker = await startOutsideBroker(database.db);
  brokerUrl = broker.url;
});
afterAll(async () => {
  await broker.close();
  await database.close();
});

describe('a broker that stops answering', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let owner: TestUser;
  let orgGuid: string;
  let device: SimulatedDevice;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: brokerUrl.hostname, port: Number(brokerUrl.port) });
    const viaProxy = new URL(brokerUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    ({ t, owner, orgGuid } = await createTestAppWithOrg({
      ...linkOptions(),
      mqttUrl: viaProxy.href,
      env: { MQTT_PUBLIC_URL: withoutCredentials(brokerUrl.href) },
    }));
    device = await startSimulatedDevice(t, { orgGuid, applyDelayMs: 25 });
  });
  afterAll(async () => {
    await device.stop();
    await t.close();
    await proxy.close();
  });

  const sendGet = () => sendShadowGet(t, owner.headers(orgGuid), device.device.device_guid, 'System');
  const commandsOfDevice = () =>
    t.db.select().from(shadowCommands).where(eq(shadowCommands.deviceGuid, device.device.device_guid));

  it("answers 503 within the publish time limit while the broker is silent, and keeps the device's late answer", async () => {
    proxy.hold();
    const started = Date.now();
    const held = await sendGet();
    expect(Date.now() - started).toBeLessThan(PUBLISH_TIME_LIMIT_MS + 2000);
    expect(held.statusCode).toBe(503);
    expect(held.headers['retry-after']).toBe('5');
    expect(held.json()).toEqual({
      message: 'The device link is unavailable right now. Try again in a moment.',
      error_code: DEVICE_LINK_UNAVAILABLE,
    });
    const [failed] = await commandsOfDevice();
    expect(failed).toMatchObject({
      commandState: 'failed',
      response: expect.objectContaining({ error_code: DEVICE_LINK_UNAVAILABLE }),
    });

    // The device's answer, whenever it comes, replaces the failure the server decided for it.
    proxy.restore();
    await device.stop();
    const { device_guid } = device.device;
    const asDevice = await connectRawDevice(t, device.device);
    const answer: ShadowResultMessage = {
      command_guid: failed!.commandGuid,
      shadow_name: 'System',
      result: 'succeeded',
      message: null,
      error_code: null,
      state: device.shadow('System').state,
      current_version: 1,
    };
    await asDevice.publishAsync(deviceTopics(device_guid).shadowResult, JSON.stringify(answer), { qos: 1 });
    await asDevice.endAsync();
    const answered = await eventually(async () => {
      const [command] = await commandsOfDevice();
      return command?.commandState === 'succeeded' && command;
    });
    expect(answered.response).toMatchObject({ error_code: null, current_version: 1 });
  });

  it('answers 503 at once and stores nothing while the broker is unreachable', async () => {
    const before = (await commandsOfDevice()).length;
    proxy.cut();
    await eventually(async () => !t.deviceLink.isConnected());
    const started = Date.now();
    const refused = await sendGet();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.statusCode).toBe(503);
    expect(await commandsOfDevice()).toHaveLength(before);

    proxy.restore();
    await eventually(async () => t.deviceLink.isConnected());
    expect((await sendGet()).statusCode).toBe(202);
  });
});

describe('a server that stops in the middle of a set', () => {
  it('refreshes the document from the device when it starts again', async () => {
    const {
      t: first,
      owner,
      orgGuid,
    } = await createTestAppWithOrg({
      ...linkOptions(),
      mqttUrl: brokerUrl.href,
    });
    const device = await startSimulatedDevice(first, { orgGuid, applyDelayMs: 1500 });
    const guid = device.device.device_guid;
    const reportedSystem = async (t: TestApp) => {
      const answer = await t.app.inject({
        url: `/v1/devices/${guid}/shadows?shadow_names=System`,
        headers: owner.headers(orgGuid),
      });
      return answer.json().shadows[0]?.reported;
    };
    await eventually(async () => (await reportedSystem(first))?.current_version === 1);
    const config = { ...(device.shadow('System').state.config as object), device_name: 'Renamed mid-set' };
    const set = await sendShadowSet(first, owner.headers(orgGuid), guid, {
      shadowName: 'System',
      targetVersion: 1,
      state: { config },
    });
    expect(set.statusCode).toBe(202);
    // The server goes before the device has applied the set; nobody hears its answer.
    await first.close();
    await eventually(async () => device.shadow('System').version === 2);

    const second = await createTestApp({ ...linkOptions(), mqttUrl: brokerUrl.href });
    try {
      const refreshed = await eventually(async () => {
        const reported = await reportedSystem(second);
        return reported?.current_version === 2 && reported;
      });
      expect(refreshed.state.config.device_name).toBe('Renamed mid-set');
    } finally {
      await device.stop();
      await second.close();
    }
  });
});

describe('a device publishing more than the packet size limit', () => {
  it('never reaches the server, and its next messages still do', async () => {
    const t = await createTestApp();
    try {
      const {
        owner,
        orgGuid,
        devices: [device],
      } = await createOrgWithOwner(t, { devices: 1, productName: 'edgecaster' });
      const { device_guid } = device!;
      const topics = deviceTopics(device_guid);
      const connect = () => connectRawDevice(t, device!);
      const state = (firmware: string) =>
        JSON.stringify({
          ...deviceState(device!, { ip: '192.168.0.2', externalIp: '198.51.100.7' }, initialRuntime(device!)),
          firmware_version: firmware,
        });

      // A state the server would store, were it delivered: its firmware version alone is 2 MiB.
      const oversized = await connect();
      oversized.publish(topics.state, state(`v${'9'.repeat(2 * MAX_PACKET_BYTES)}`), { qos: 0 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      oversized.end(true);
      const stateNow = async () =>
        (
          await t.app.inject({ url: `/v1/devices/${device_guid}/state`, headers: owner.headers(orgGuid) })
        ).json().state;
      expect((await stateNow())?.firmware_version ?? null).toBeNull();

      // The embedded broker closed that connection; Mosquitto kept it but did not pass the message on.
      const next = await connect();
      await next.publishAsync(topics.state, state('v10.6.0'), { qos: 1 });
      const stored = await eventually(async () => {
        const current = await stateNow();
        return current?.firmware_version === 'v10.6.0' && current;
      });
      expect(stored.firmware_version).toBe('v10.6.0');
      await next.endAsync();
    } finally {
      await t.close();
    }
  });
});
