import { deviceTopics } from '@ec/contract/device-link';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provision } from '../../test/factories.ts';
import { openTestDatabase, type TestDb } from '../../test/test-databases.ts';
import { devicesRepository } from '../device-core/devices/devices.repository.ts';
import { createLogger } from '../logging/logger.ts';
import { digest, digestsEqual } from '../shared/secrets.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.ts';
import { connectMqtt } from './mqtt-client.ts';
import { startEmbeddedBrokerThread } from './start-embedded-broker-thread.ts';

// The embedded broker's access rules, tested on their own: whatever broker the rest of the suite uses.
let database: TestDb;
let broker: EmbeddedBroker;
const server = { username: 'ec-console-server', password: 'server-secret' };
const logLines: string[] = [];
/** A small limit, so the test need not send a megabyte. */
const MAX_PACKET_BYTES = 64 * 1024;
/** What the broker logged at warn; from its own thread the lines come a moment after what they tell of. */
const warnings = () =>
  logLines
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.level === 40)
    .map((entry) => entry.msg);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The broker as this file's tests use it, on the thread `start` puts it on. */
const startTestBroker = (start: typeof startEmbeddedBroker) =>
  start({
    host: '127.0.0.1',
    port: 0,
    log: createLogger({ level: 'warn', destination: { write: (line: string) => void logLines.push(line) } }),
    maxPacketBytes: MAX_PACKET_BYTES,
    auth: {
      server,
      async verifyDevice(deviceGuid, password) {
        const hash = (await devicesRepository(database.db).secretHashes([deviceGuid])).get(deviceGuid);
        return hash !== undefined && digestsEqual(hash, digest(password));
      },
    },
  });

const connectDevice = (
  device: { device_guid: string; mqtt_password: string },
  password = device.mqtt_password,
) =>
  connectMqtt(broker.url, {
    clientId: device.device_guid,
    username: device.device_guid,
    password,
    reconnectPeriod: 0,
  });

const nextMessage = (client: MqttClient, timeoutMs = 1000) =>
  new Promise<{ topic: string; payload: string } | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    client.once('message', (topic, payload) => {
      clearTimeout(timer);
      resolve({ topic, payload: payload.toString() });
    });
  });

describe.each([
  { where: "on the server's thread", start: startEmbeddedBroker },
  // As the server runs it (MQTT_BROKER_THREAD): passwords checked and refusals logged by the main thread.
  { where: 'on a thread of its own', start: startEmbeddedBrokerThread },
])('embedded broker $where', ({ start }) => {
  beforeAll(async () => {
    logLines.length = 0;
    broker = await startTestBroker(start);
  });
  afterAll(() => broker.close());

  it('refuses wrong credentials and a client id that is not the device guid', async () => {
    const [device] = await provision({ db: database.db }, 1);
    await expect(connectDevice(device!, 'wrong-password')).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
    await expect(
      connectMqtt(broker.url, {
        clientId: 'someone-else',
        username: device!.device_guid,
        password: device!.mqtt_password,
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow();
    await expect
      .poll(warnings, { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          'device link: login refused (Bad credentials)',
          'device link: login refused (Client id must be the device guid)',
        ]),
      );
  });

  it("delivers a device's own messages and drops what it publishes on another device's topics", async () => {
    const [mine, theirs] = await provision({ db: database.db }, 2);
    const cloud = await connectMqtt(broker.url, { ...server, reconnectPeriod: 0 });
    await cloud.subscribeAsync('ec/devices/#', { qos: 1 });
    const device = await connectDevice(mine!);

    const own = nextMessage(cloud);
    await device.publishAsync(deviceTopics(mine!.device_guid).state, '{"own":true}', { qos: 0 });
    expect((await own)?.topic).toBe(deviceTopics(mine!.device_guid).state);

    const forged = nextMessage(cloud);
    device.publish(deviceTopics(theirs!.device_guid).connection, '{"online":false}', { qos: 0 });
    expect(await forged).toBeNull();
    await expect
      .poll(warnings, { timeout: 5000 })
      .toContain(`device link: publish to ${deviceTopics(theirs!.device_guid).connection} refused`);

    await cloud.endAsync();
    await device.endAsync(true);
  });

  it("refuses a subscription to another device's commands", async () => {
    const [mine, theirs] = await provision({ db: database.db }, 2);
    const device = await connectDevice(mine!);
    await expect(
      device.subscribeAsync(deviceTopics(theirs!.device_guid).shadowCommand, { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
    await expect
      .poll(warnings, { timeout: 5000 })
      .toContain(`device link: subscription to ${deviceTopics(theirs!.device_guid).shadowCommand} refused`);
    const allowed = await device.subscribeAsync(deviceTopics(mine!.device_guid).shadowCommand, { qos: 1 });
    expect(allowed[0]?.qos).toBe(1);
    await device.endAsync(true);
  });

  it('closes a connection that sends a packet over the size limit, before buffering it', async () => {
    const [mine] = await provision({ db: database.db }, 1);
    const cloud = await connectMqtt(broker.url, { ...server, reconnectPeriod: 0 });
    await cloud.subscribeAsync('ec/devices/#', { qos: 1 });
    const device = await connectDevice(mine!);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const received = nextMessage(cloud, 1500);
    device.publish(deviceTopics(mine!.device_guid).state, Buffer.alloc(MAX_PACKET_BYTES + 1, 'x'), {
      qos: 0,
    });
    await closed;
    expect(await received).toBeNull();
    await expect
      .poll(
        () =>
          warnings().some((message) =>
            /^device link: connection closed, MQTT packet of \d+ bytes/.test(message),
          ),
        { timeout: 5000 },
      )
      .toBe(true);

    // A packet just under the limit still goes through.
    const small = await connectDevice(mine!);
    const delivered = nextMessage(cloud);
    await small.publishAsync(
      deviceTopics(mine!.device_guid).state,
      Buffer.alloc(MAX_PACKET_BYTES - 1024, 'y'),
      {
        qos: 0,
      },
    );
    expect((await delivered)?.payload.length).toBe(MAX_PACKET_BYTES - 1024);
    await small.endAsync(true);
    await device.endAsync(true);
    await cloud.endAsync();
  });
});

describe("the embedded broker's thread", () => {
  it('fails to start when its port is taken, and ends', async () => {
    const taken = await startTestBroker(startEmbeddedBroker);
    try {
      const port = Number(new URL(taken.url).port);
      await expect(
        startTestBroker((options) => startEmbeddedBrokerThread({ ...options, port })),
      ).rejects.toThrow(expect.objectContaining({ code: 'EADDRINUSE' }));
    } finally {
      await taken.close();
    }
  });

  it('closes its port when it is closed', async () => {
    const threaded = await startTestBroker(startEmbeddedBrokerThread);
    await threaded.close();
    await expect(connectMqtt(threaded.url, { ...server, reconnectPeriod: 0 })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
