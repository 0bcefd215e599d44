import { randomUUID } from 'node:crypto';
import { deviceTopics } from '@ec/contract/device-link';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { isBackgroundWork } from '../db/background-work.ts';
import { createLogger } from '../logging/logger.ts';
import { type DeviceLink, startDeviceLink } from './device-link.ts';

/** The device link on the embedded broker, every device's password accepted. */
describe('the device link', () => {
  let link: DeviceLink;
  const seen: { subtopic: string; background: boolean }[] = [];
  beforeAll(async () => {
    const config = loadConfig({ MQTT_PORT: '0', DATA_DIR: '/tmp/ec-device-link-unused' });
    link = await startDeviceLink({
      config,
      log: createLogger({ level: 'silent' }),
      verifyDevice: async () => true,
    });
    await link.startIngest(async ({ subtopic }) => {
      seen.push({ subtopic, background: isBackgroundWork() });
    });
  });
  afterAll(async () => {
    await link.close();
  });

  it("stores reports as background work, and online changes and answers to commands as people's", async () => {
    const deviceGuid = randomUUID();
    const device = await mqtt.connectAsync(link.deviceBrokerUrl, {
      clientId: deviceGuid,
      username: deviceGuid,
      password: 'secret',
      reconnectPeriod: 0,
    });
    const topics = deviceTopics(deviceGuid);
    for (const topic of [topics.reported('System'), topics.shadowResult, topics.connection])
      await device.publishAsync(topic, '{}', { qos: 1 });
    await device.endAsync();
    await expect.poll(() => seen.length).toBe(3);
    expect(seen).toEqual([
      { subtopic: 'shadows/System/reported', background: true },
      { subtopic: 'shadows/result', background: false },
      { subtopic: 'connection', background: false },
    ]);
  });
});
