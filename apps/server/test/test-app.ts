import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { composeServer } from '../src/compose-server.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Database } from '../src/db/database.ts';
import { startDeviceCore } from '../src/device-core/start-device-core.ts';
import type { OutboxDeliveryOptions } from '../src/features/outbox/outbox-delivery.ts';
import { createLogger } from '../src/logging/logger.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import { createSmsSender, type SmsMessage, type SmsSender } from '../src/sms/sms-sender.ts';
import { openTestDatabase, recycleTestDatabase } from './test-databases.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Whether the external test broker has device authentication: TEST_MQTT_DEVICE_AUTH, else `plugin`
 * when TEST_MQTT_URL carries the server's credentials (scripts/start-mosquitto.sh's broker) and
 * `none` for an anonymous one (a development Mosquitto on 1883). Brokers a test starts itself are
 * embedded or plain aedes: `none`.
 */
function testDeviceAuth() {
  if (process.env.TEST_MQTT_DEVICE_AUTH) return process.env.TEST_MQTT_DEVICE_AUTH;
  const url = process.env.TEST_MQTT_URL;
  return url && new URL(url).username ? 'plugin' : undefined;
}

/**
 * The real application in-process against a fresh database and a real broker: the embedded one on an
 * ephemeral port, or TEST_MQTT_URL (e.g. Mosquitto) with a share group of its own.
 */
export async function createTestApp(
  options: {
    database?: Database;
    mqttUrl?: string;
    sharedSubscriptions?: boolean;
    /** Receives every log line at trace level (tests that check what the server writes to its log). */
    logLines?: string[];
    /** More configuration, as environment variables; with SMS_URL texts go to that provider. */
    env?: Record<string, string>;
    /** Sends e-mails (e.g. a real SMTP mailer); by default they are kept in `mails`. */
    mailer?: Mailer;
    /** The outbox worker's clock and poll (tests of retries move the clock on instead of waiting). */
    outbox?: OutboxDeliveryOptions;
  } = {},
) {
  const config = loadConfig({
    MQTT_URL: options.mqttUrl ?? process.env.TEST_MQTT_URL,
    MQTT_DEVICE_AUTH: testDeviceAuth(),
    MQTT_SHARED_SUBSCRIPTIONS: options.sharedSubscriptions === false ? '0' : '1',
    MQTT_PORT: '0',
    // The broker on the app's own thread: hundreds of short-lived apps would each start one more.
    MQTT_BROKER_THREAD: '0',
    MQTT_SHARE_GROUP: `ec-test-${randomBytes(4).toString('hex')}`,
    DATA_DIR: `/tmp/ec-test-data-${randomBytes(4).toString('hex')}`,
    PUBLIC_URL: 'http://console.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const log = options.logLines
    ? createLogger({
        level: 'trace',
        destination: { write: (line: string) => void options.logLines?.push(line) },
      })
    : createLogger({ level: (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent' });
  const database = options.database ?? (await openTestDatabase());
  const deviceCore = await startDeviceCore({ config, db: database.db, log });
  const deviceLink = deviceCore.link;
  const mails: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    async send(message) {
      mails.push(message);
    },
    close() {},
  };
  // Text messages are kept in `texts`, unless SMS_URL names a (captured) provider to send them to.
  const texts: SmsMessage[] = [];
  const sms: SmsSender = config.SMS_URL
    ? createSmsSender({ smsUrl: config.SMS_URL, from: config.SMS_FROM, log })
    : {
        async send(message) {
          texts.push(message);
        },
      };
  const server = await composeServer(
    { config, database, log, mailer, sms, deviceCore },
    { outbox: options.outbox },
  );
  const { app, alerts, outbox, delivery } = server;
  await app.ready();
  return {
    app,
    config,
    /** The e-mails delivered so far (by this app's outbox worker) when it is not given a mailer. */
    mails,
    /** Runs the outbox worker until nothing is due, then answers `mails`. */
    async sentMails() {
      await delivery.kick();
      return mails;
    },
    outbox,
    delivery,
    texts,
    deviceLink,
    devices: deviceCore.devices,
    shadows: deviceCore.shadows,
    deviceCommands: deviceCore.deviceCommands,
    deviceUsers: deviceCore.deviceUsers,
    rollouts: deviceCore.rollouts,
    rolloutWorker: server.rolloutWorker,
    bus: deviceCore.bus,
    alerts,
    db: database.db,
    async close() {
      await server.close();
      if (!options.database) await recycleTestDatabase(database);
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
