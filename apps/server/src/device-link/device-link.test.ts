import { randomUUID } from 'node:crypto';
import { deviceTopics } from '@ec/contract/device-link';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedBroker } from '../../test/shared-broker.ts';
import { loadConfig } from '../config/env.ts';
import { type WorkPriority, workPriority } from '../db/background-work.ts';
import { createLogger } from '../logging/logger.ts';
import { type DeviceLink, startDeviceLink } from './device-link.ts';

/** The device link on the embedded broker, every device's password accepted. */
describe('the device link', () => {
  let link: DeviceLink;
  const seen: { subtopic: string; priority: WorkPriority }[] = [];
  const logins: WorkPriority[] = [];
  /** A connection change's handling waits for this, so that the device's next messages queue behind it. */
  let connectionHeld = Promise.resolve();
  beforeAll(async () => {
    const config = loadConfig({ MQTT_PORT: '0', DATA_DIR: '/tmp/ec-device-link-unused' });
    link = await startDeviceLink({
      config,
      log: createLogger({ level: 'silent' }),
      verifyDevice: async () => {
        logins.push(workPriority());
        return true;
      },
    });
    await link.startIngest(async ({ subtopic }) => {
      seen.push({ subtopic, priority: workPriority() });
      if (subtopic === 'connection') await connectionHeld;
    });
  });
  afterAll(async () => {
    await link.close();
  });

  /** A new device on the link's broker (every password is accepted), and its topics. */
  const connectDevice = async () => {
    const deviceGuid = randomUUID();
    const device = await mqtt.connectAsync(link.deviceBrokerUrl, {
      clientId: deviceGuid,
      username: deviceGuid,
      password: 'secret',
      reconnectPeriod: 0,
    });
    return { device, topics: deviceTopics(deviceGuid) };
  };

  it('checks logins and stores online changes as devices’ work, answers to commands as people’s, reports as background work', async () => {
    const { device, topics } = await connectDevice();
    for (const topic of [topics.reported('System'), topics.shadowResult, topics.connection])
      await device.publishAsync(topic, '{}', { qos: 1 });
    await device.endAsync();
    await expect.poll(() => seen.length).toBe(3);
    expect(seen).toEqual([
      { subtopic: 'shadows/System/reported', priority: 'background' },
      { subtopic: 'shadows/result', priority: 'people' },
      { subtopic: 'connection', priority: 'devices' },
    ]);
    expect(logins).toEqual(['devices']);
  });

  it("stores a device's message sent before an answer to a command as people's work, as the answer", async () => {
    seen.length = 0;
    let release = () => {};
    connectionHeld = new Promise((resolve) => {
      release = resolve;
    });
    const { device, topics } = await connectDevice();
    for (const topic of [topics.connection, topics.reported('System'), topics.shadowResult])
      await device.publishAsync(topic, '{}', { qos: 1 });
    // The connection change is being handled; the document and the answer wait behind it.
    await expect.poll(() => link.ingestBacklog()).toBe(3);
    release();
    await expect.poll(() => seen.length).toBe(3);
    expect(seen).toEqual([
      { subtopic: 'connection', priority: 'devices' },
      { subtopic: 'shadows/System/reported', priority: 'people' },
      { subtopic: 'shadows/result', priority: 'people' },
    ]);
    await device.endAsync();
  });

  it('tells its own listeners of its live events in the next turn, once, without a trip through the broker', async () => {
    const orgGuid = randomUUID();
    const heard: string[] = [];
    link.onLive((org, event) => org === orgGuid && heard.push(event.type));
    link.publishLive(orgGuid, { type: 'device.state', device_guid: randomUUID() });
    // Through the broker they waited behind every device message on the console's connection.
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['device.state']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['device.state']);
  });
});

/** Two processes' device links on one broker: Mosquitto (MQTT 5) with TEST_MQTT_URL, else aedes (3.1.1). */
describe('live events between processes', () => {
  let broker: Awaited<ReturnType<typeof openSharedBroker>>;
  const links: DeviceLink[] = [];
  beforeAll(async () => {
    broker = await openSharedBroker();
    for (let i = 0; i < 2; i++)
      links.push(
        await startDeviceLink({
          config: loadConfig({ MQTT_URL: broker.mqttUrl, DATA_DIR: '/tmp/ec-device-link-unused' }),
          log: createLogger({ level: 'silent' }),
          verifyDevice: async () => true,
        }),
      );
  });
  afterAll(async () => {
    for (const link of links) await link.close();
    await broker.close();
  });

  it("reach the sending process's listeners once and every other process's once", async () => {
    const [sender, other] = links as [DeviceLink, DeviceLink];
    const orgGuid = randomUUID();
    const deviceGuid = randomUUID();
    // Other test files' processes publish their organizations' events on the same broker meanwhile.
    const heard = { sender: [] as string[], other: [] as string[] };
    sender.onLive((org, event) => org === orgGuid && heard.sender.push(event.type));
    other.onLive((org, event) => org === orgGuid && heard.other.push(event.type));
    sender.publishLive(orgGuid, { type: 'device.state', device_guid: deviceGuid });
    sender.publishLive(orgGuid, { type: 'device.state', device_guid: deviceGuid });

    await expect.poll(() => heard.other).toEqual(['device.state', 'device.state']);
    // Whatever way they take (MQTT 5's No Local, or back from a 3.1.1 broker), never twice.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.sender).toEqual(['device.state', 'device.state']);
  });
});
