import { deviceTopics } from '@ec/contract/device-link';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice } from '../../../test/devices-on-the-broker.ts';
import { createHighCpuTemplate, createOrgWithOwner, eventually } from '../../../test/factories.ts';
import { openSharedBroker } from '../../../test/shared-broker.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-databases.ts';
import type { Database } from '../../db/database.ts';
import { alerts } from '../../db/tables/alerts.schema.ts';
import { startJobs } from '../../jobs/start-jobs.ts';
import { createLogger } from '../../logging/logger.ts';

// Two server processes on one database and broker (TEST_DATABASE_URL / TEST_MQTT_URL when set), each
// with its engine and its due-alerts job: each alert is raised, and e-mailed, once.
let database: Database;
let apps: TestApp[];
let stopJobs: (() => void)[];
let broker: Awaited<ReturnType<typeof openSharedBroker>>;

beforeAll(async () => {
  database = await openTestDatabase();
  broker = await openSharedBroker();
  const options = {
    database,
    mqttUrl: broker.mqttUrl,
    sharedSubscriptions: broker.sharedSubscriptions,
    env: { ALERT_HOLD_SCALE: '0.02' },
  };
  apps = [await createTestApp(options), await createTestApp(options)];
  const log = createLogger({ level: 'silent' });
  stopJobs = apps.map((t) => {
    const jobs = startJobs({
      db: t.db,
      shadows: t.shadows,
      deviceCommands: t.deviceCommands,
      alerts: t.alerts,
      licenses: t.app.services.licenses,
      log,
      shadowHistoryDays: 90,
      metricsRetention: { rawDays: 14, hourlyDays: 400 },
    });
    return () => jobs.stop();
  });
});
afterAll(async () => {
  for (const stop of stopJobs) stop();
  for (const t of apps) await t.close();
  await broker.close();
  await database.close();
});

describe('alerts with two server processes', () => {
  it('raise each alert once and send each e-mail once', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const { owner, orgGuid, devices } = await createOrgWithOwner(first, { devices: 1 });
    const device = devices[0]!;
    await createHighCpuTemplate(first, owner, orgGuid, ['ops@example.com']);
    const settings = await second.app.inject({
      method: 'PUT',
      url: `/v1/orgs/${orgGuid}/alert_settings`,
      headers: owner.headers(),
      payload: { offline: { enabled: true, email_list: ['ops@example.com'] } },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const mqtt = await connectRawDevice(first, device, { online: true });
    // Several samples over the threshold, whichever process takes each: still one alert.
    for (let i = 0; i < 4; i += 1)
      await mqtt.publishAsync(
        deviceTopics(device.device_guid).metrics,
        JSON.stringify({ timestamp: new Date().toISOString(), metrics: { cpu_percent_used: 90 + i } }),
        { qos: 1 },
      );
    const stored = () => first.db.select().from(alerts).where(eq(alerts.deviceGuid, device.device_guid));
    await eventually(async () => (await stored()).some((alert) => alert.type === 'metric'));

    // Offline: both processes' jobs find the condition due; one raises it.
    await mqtt.publishAsync(deviceTopics(device.device_guid).connection, JSON.stringify({ online: false }), {
      qos: 1,
    });
    await eventually(async () => (await stored()).some((alert) => alert.type === 'offline'), 8000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await mqtt.endAsync();

    const rows = await stored();
    expect(rows.map((alert) => alert.type).sort()).toEqual(['metric', 'offline']);
    const mails = [...(await first.sentMails()), ...(await second.sentMails())].filter(
      (mail) => mail.to === 'ops@example.com',
    );
    expect(mails.map((mail) => mail.subject.split(' on ')[0]).sort()).toEqual([
      'Alert: Device Offline',
      'Alert: High CPU',
    ]);
  });
});
