import { deviceTopics } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice, startOutsideBroker } from '../../test/devices-on-the-broker.ts';
import { createTestAppWithOrg, eventually, provisionInto, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { openTestDatabase, type TestDb } from '../../test/test-databases.ts';
import { connectMqtt } from './mqtt-client.ts';

/**
 * Device identity on the broker the pass uses: the dynamic security Mosquitto of the external pass
 * (TEST_MQTT_URL, accounts made by provisioning), or the embedded broker's code standing alone (it
 * reads the devices' secrets from the database). A watcher with the console's rights sees every device
 * topic, so a publish the broker drops in silence is proven dropped, not assumed.
 */
let database: TestDb;
let broker: Awaited<ReturnType<typeof startOutsideBroker>>;
let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let watcher: MqttClient;
const seen: string[] = [];
const clients: MqttClient[] = [];

/** Connects as a device; answers the client, or the connection's error. */
async function connectDevice(
  device: ProvisionedDevice,
  options: { password?: string; clientId?: string } = {},
) {
  const client = await connectRawDevice(t, device, options);
  clients.push(client);
  return client;
}

/**
 * Waits until the watcher has received a marker it publishes now: what the broker had taken before
 * has reached the watcher by then (a broker delivers to one subscriber in order).
 */
async function settle() {
  const marker = `ec/devices/settle/${Math.random()}`;
  await watcher.publishAsync(marker, '{}', { qos: 1 });
  await eventually(async () => seen.includes(marker));
}

/** Publishes with QoS 1 and waits for the broker's decision: its acknowledgement, or the connection closed. */
async function publishRefusedOrNot(client: MqttClient, topic: string) {
  await Promise.race([
    client.publishAsync(topic, '{"forged":true}', { qos: 1 }),
    new Promise<void>((resolve) => client.once('close', () => resolve())),
  ]);
}

beforeAll(async () => {
  database = await openTestDatabase();
  broker = await startOutsideBroker(database.db);
  ({ t, owner, orgGuid } = await createTestAppWithOrg({
    database,
    mqttUrl: broker.url.href,
    sharedSubscriptions: Boolean(process.env.TEST_MQTT_URL),
  }));
  watcher = await connectMqtt(broker.url.href, {
    clientId: `ec-identity-watcher-${Math.random()}`,
    clean: true,
  });
  watcher.on('message', (topic) => seen.push(topic));
  await watcher.subscribeAsync('ec/devices/#', { qos: 1 });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await watcher.endAsync();
  await t.close();
  await broker.close();
  await database.close();
});

describe('device identity on the broker', () => {
  it('lets a device in with its own credentials only', async () => {
    const [device, other] = await provisionInto(t, orgGuid, 2);
    const connected = await connectDevice(device!);
    expect(connected.connected).toBe(true);

    await expect(connectDevice(device!, { password: 'not-the-password' })).rejects.toThrow(
      /authori[sz]ed|password/i,
    );
    await expect(connectDevice(device!, { password: other!.mqtt_password })).rejects.toThrow(
      /authori[sz]ed|password/i,
    );
    // Its credentials under another client id are refused too (the client id is the device guid).
    await expect(connectDevice(device!, { clientId: other!.device_guid })).rejects.toThrow(
      /authori[sz]ed|password/i,
    );
  });

  it('keeps a device off the topics of another device', async () => {
    const [mine, theirs] = await provisionInto(t, orgGuid, 2);
    const theirTopics = deviceTopics(theirs!.device_guid);
    for (const topic of [theirTopics.state, theirTopics.connection, theirTopics.reported('System')]) {
      const client = await connectDevice(mine!);
      await publishRefusedOrNot(client, topic);
      await client.endAsync(true);
    }
    // A device may not send itself what only the cloud sends.
    const client = await connectDevice(mine!);
    await publishRefusedOrNot(client, deviceTopics(mine!.device_guid).shadowCommand);
    await settle();
    expect(seen.filter((topic) => topic.startsWith(theirTopics.base))).toEqual([]);
    expect(seen).not.toContain(deviceTopics(mine!.device_guid).shadowCommand);

    // The watcher does see what a device may publish: the refusals above are the broker's doing.
    const allowed = await connectDevice(mine!);
    await allowed.publishAsync(deviceTopics(mine!.device_guid).state, '{}', { qos: 1 });
    await eventually(async () => seen.includes(deviceTopics(mine!.device_guid).state));
  });

  it('keeps a device from subscribing to the topics of another device', async () => {
    const [mine, theirs] = await provisionInto(t, orgGuid, 2);
    const client = await connectDevice(mine!);
    const received: string[] = [];
    client.on('message', (topic) => received.push(topic));
    const theirCommands = deviceTopics(theirs!.device_guid).deviceCommand;
    // mqtt.js fails a subscription the broker refuses (SUBACK 128) with the broker's answer attached.
    const refusal = (await client
      .subscribeAsync([theirCommands, `ec/devices/${theirs!.device_guid}/#`], { qos: 1 })
      .then(
        () => undefined,
        (error: { packet?: { granted?: number[] } }) => error,
      )) as { packet?: { granted?: number[] } } | undefined;
    expect(refusal?.packet?.granted).toEqual([128, 128]);

    // Its own subscription works; the cloud's message to it comes after the one to the other device.
    const ownCommands = deviceTopics(mine!.device_guid).deviceCommand;
    expect((await client.subscribeAsync(ownCommands, { qos: 1 })).map((grant) => grant.qos)).toEqual([1]);
    await watcher.publishAsync(theirCommands, '{}', { qos: 1 });
    await watcher.publishAsync(ownCommands, '{}', { qos: 1 });
    await eventually(async () => received.includes(ownCommands));
    expect(received).toEqual([ownCommands]);
  });

  it('keeps the account of a forgotten device, which stays provisioned and may be adopted again', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const forget = await t.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${device!.device_guid}`,
      headers: owner.headers(orgGuid),
      payload: { reason: 'moved to another site' },
    });
    expect(forget.statusCode, forget.body).toBe(200);
    const client = await connectDevice(device!);
    expect(client.connected).toBe(true);
    await expect(connectDevice(device!, { password: 'not-the-password' })).rejects.toThrow(
      /authori[sz]ed|password/i,
    );
  });
});
