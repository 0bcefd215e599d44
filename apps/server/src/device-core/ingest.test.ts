import { deviceTopics, MAX_DEVICE_EVENT_BYTES, MAX_DEVICE_EVENTS_PER_MINUTE } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { initialRuntime } from '@ec/simulator/device-runtime';
import { deviceState } from '@ec/simulator/device-state';
import { and, count, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice } from '../../test/devices-on-the-broker.ts';
import { createOrgWithOwner, eventually, provisionInto } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { devices } from '../db/tables/devices.schema.ts';
import { deviceEvents } from '../db/tables/events.schema.ts';
import { shadowVersions } from '../db/tables/shadow-history.schema.ts';
import { createMetricsService } from '../features/metrics/metrics.service.ts';
import { createLogger } from '../logging/logger.ts';
import { createIngest } from './ingest.ts';

/**
 * Device messages the server must refuse, sent by a device of one organization while a device of
 * another sends good ones at the same moment: the bad ones are refused alone, the device is named in
 * the log once per interval at warn, and the other device loses nothing.
 */
const NUL = 'a\u0000b';
const ROUNDS = 20;

let t: TestApp;
const logLines: string[] = [];
let bad: { device: ProvisionedDevice; client: MqttClient };
let good: { device: ProvisionedDevice; client: MqttClient };

async function onlineDevice() {
  const [device] = await provisionInto(t, (await createOrgWithOwner(t)).orgGuid);
  return { device: device!, client: await connectRawDevice(t, device!, { online: true }) };
}

const publish = (client: MqttClient, topic: string, message: unknown) =>
  client.publishAsync(topic, typeof message === 'string' ? message : JSON.stringify(message), { qos: 1 });

/** The log lines about `deviceGuid`, parsed. */
const logOf = (deviceGuid: string) =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string; deviceGuid?: string; stack?: string })
    .filter((line) => line.deviceGuid === deviceGuid);

beforeAll(async () => {
  t = await createTestApp({ logLines });
  bad = await onlineDevice();
  good = await onlineDevice();
});
afterAll(async () => {
  await bad.client.endAsync();
  await good.client.endAsync();
  await t.close();
});

const timestamp = new Date().toISOString();
const stateOf = (device: ProvisionedDevice) =>
  deviceState(device, { ip: '192.168.0.2', externalIp: '198.51.100.7' }, initialRuntime(device));

/** The versions of `deviceGuid`'s System document the server stored. */
const systemVersions = async (deviceGuid: string) =>
  (
    await t.db
      .select({ version: shadowVersions.version })
      .from(shadowVersions)
      .where(and(eq(shadowVersions.deviceGuid, deviceGuid), eq(shadowVersions.shadowName, 'System')))
      .orderBy(shadowVersions.version)
  ).map((row) => row.version);

const eventCount = async (deviceGuid: string, eventType: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.deviceGuid, deviceGuid), eq(deviceEvents.eventType, eventType)))
  )[0]?.n;

describe("one device's bad messages", () => {
  it("cost another organization's device nothing when they are stored in the same statement", async () => {
    // The device core's ingest over the app's own services and database, each round's messages handed
    // to it in the same tick, as the device link does with messages that arrive together.
    const ingest = createIngest({
      devices: t.devices,
      shadows: t.shadows,
      deviceCommands: t.deviceCommands,
      metrics: createMetricsService({ db: t.db, bus: t.bus, rawDays: 7 }),
      log: createLogger({ level: 'silent' }),
    });
    const badGuid = bad.device.device_guid;
    const goodGuid = good.device.device_guid;
    const message = (deviceGuid: string, subtopic: string, body: unknown) =>
      ingest({ deviceGuid, subtopic, payload: Buffer.from(JSON.stringify(body)) });
    for (let round = 1; round <= ROUNDS; round++) {
      await Promise.all([
        message(badGuid, 'shadows/System/reported', { state: { name: NUL }, version: round, timestamp }),
        message(goodGuid, 'shadows/System/reported', {
          state: { name: `Good ${round}` },
          version: round,
          timestamp,
        }),
        message(badGuid, 'state', { ...stateOf(bad.device), serial_number: NUL }),
        message(goodGuid, 'state', { ...stateOf(good.device), cloud_version: `v${round}` }),
        message(badGuid, 'metrics', { timestamp, metrics: { [NUL]: 1 } }),
        message(badGuid, 'events', { timestamp, event_type: NUL, event_data: { round } }),
        message(goodGuid, 'events', { timestamp, event_type: 'input', event_data: { round } }),
      ]);
    }
    expect(await systemVersions(goodGuid)).toEqual(Array.from({ length: ROUNDS }, (_, index) => index + 1));
    const [row] = await t.db.select().from(devices).where(eq(devices.deviceGuid, goodGuid));
    expect(row?.state).toMatchObject({ cloud_version: `v${ROUNDS}` });
    expect(await eventCount(goodGuid, 'input')).toBe(ROUNDS);
    expect(await systemVersions(badGuid)).toEqual([]);
  });

  it('are refused and logged once per interval at warn, without a stack', async () => {
    const badTopics = deviceTopics(bad.device.device_guid);
    for (let round = 1; round <= 5; round++)
      await Promise.all([
        publish(bad.client, badTopics.reported('System'), {
          state: { name: NUL },
          version: round,
          timestamp,
        }),
        publish(bad.client, badTopics.reported('Inputs'), {
          state: { inputs: [] },
          version: 2 ** 31,
          timestamp,
        }),
        publish(bad.client, badTopics.state, { ...stateOf(bad.device), serial_number: NUL }),
        publish(bad.client, badTopics.events, { timestamp, event_type: NUL, event_data: {} }),
        publish(bad.client, badTopics.shadowResult, '{"broken": '),
        publish(bad.client, badTopics.inputPreview, { input_id: 0, thumbnail: NUL, audio_levels: [] }),
      ]);
    // The device's last message (a good one) is handled after every bad one before it.
    await publish(bad.client, badTopics.events, { timestamp, event_type: 'done', event_data: {} });
    await eventually(() => eventCount(bad.device.device_guid, 'done'));

    const lines = logOf(bad.device.device_guid).filter((line) => line.level >= 40);
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'device message refused' })]);
    expect(JSON.stringify(lines)).not.toMatch(/stack|\\u0000/);
    expect(logOf(good.device.device_guid).filter((line) => line.level >= 40)).toEqual([]);
  });
});

describe("a device's events", () => {
  it('are refused beyond their size and their count per minute', async () => {
    const device = await onlineDevice();
    const topic = deviceTopics(device.device.device_guid).events;
    const event = (data: string) => ({
      timestamp: new Date().toISOString(),
      event_type: 'log',
      event_data: { data },
    });
    await publish(device.client, topic, event('x'.repeat(900 * 1024)));
    await publish(device.client, topic, event('x'.repeat(MAX_DEVICE_EVENT_BYTES + 1)));
    for (let n = 0; n < MAX_DEVICE_EVENTS_PER_MINUTE + 10; n++)
      await publish(device.client, topic, event(`line ${n}`));

    const stored = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(deviceEvents)
          .where(
            and(eq(deviceEvents.deviceGuid, device.device.device_guid), eq(deviceEvents.eventType, 'log')),
          )
      )[0]?.n;
    await eventually(async () => (await stored()) === MAX_DEVICE_EVENTS_PER_MINUTE);
    // The last ones had time to be stored too, were they not refused.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored()).toBe(MAX_DEVICE_EVENTS_PER_MINUTE);
    expect(logOf(device.device.device_guid).filter((line) => line.level >= 40)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'device message refused',
        reason: expect.stringMatching(/bytes/),
      }),
    ]);
    await device.client.endAsync();
  });
});
