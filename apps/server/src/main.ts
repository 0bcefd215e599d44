import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startSimulatedFleet } from '@ec/simulator/fleet';
import { composeServer } from './compose-server.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_HOT_TEMPERATURE } from './demo/demo-alert-rules.ts';
import { seedDemo } from './demo/demo-seed.ts';
import { startDeviceCore } from './device-core/start-device-core.ts';
import { startJobs } from './jobs/start-jobs.ts';
import { createLogger } from './logging/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createSmsSender } from './sms/sms-sender.ts';
import { limitHeapGrowthWhenEmbedded } from './startup/embedded-heap.ts';
import { gracefulShutdown } from './startup/graceful-shutdown.ts';
import { startIngestThreads } from './startup/ingest-threads.ts';
import {
  explainBrokerError,
  explainDatabaseError,
  explainDemoDeviceError,
} from './startup/startup-errors.ts';
import { waitUntilReachable } from './startup/wait-until-reachable.ts';

/** Ends start-up with one line that says what is wrong, rather than a stack trace. */
function failStartup(message: string): never {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}

/** `npm start`: the console on one port with the embedded defaults, and the demo unless DEMO=0. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = createLogger({ level: config.LOG_LEVEL, pretty: process.stdout.isTTY });
  limitHeapGrowthWhenEmbedded(config.DATABASE_URL);
  // The data folder holds the demo's device credentials and uploaded files, whichever database is used.
  await mkdir(config.dataDir, { recursive: true });
  const waiting = { waitSeconds: config.STARTUP_WAIT_SECONDS, log };
  const database = await waitUntilReachable(
    'PostgreSQL',
    () =>
      openDatabase({
        databaseUrl: config.DATABASE_URL,
        pgliteDir: path.join(config.dataDir, 'pglite'),
        onConnectionLost: (error) => log.warn({ err: error }, 'lost an idle database connection'),
        onAutovacuumFailed: (error) => log.warn({ err: error }, 'the embedded database autovacuum failed'),
      }),
    waiting,
  ).catch((error) => failStartup(explainDatabaseError(error, config.DATABASE_URL)));
  const deviceCore = await waitUntilReachable(
    'the MQTT broker',
    () => startDeviceCore({ config, db: database.db, log }),
    waiting,
  ).catch((error) => failStartup(explainBrokerError(error, config.MQTT_URL)));
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  const sms = createSmsSender({ smsUrl: config.SMS_URL, from: config.SMS_FROM, log });
  const deviceLink = deviceCore.link;
  const ingestThreads =
    config.INGEST_THREADS > 0
      ? await startIngestThreads({
          count: config.INGEST_THREADS,
          log,
          publishLive: deviceLink.publishLive,
          onFailure: () => process.exit(1),
        }).catch((error: Error) => failStartup(`an ingest thread did not start: ${error.message}`))
      : undefined;
  const server = await composeServer(
    { config, database, log, mailer, sms, deviceCore },
    { ...(ingestThreads && { ingestThreads }) },
  );
  const { app, alerts } = server;
  await app.listen({ port: config.PORT, host: config.HOST });
  const jobs = startJobs({
    db: database.db,
    shadows: deviceCore.shadows,
    deviceCommands: deviceCore.deviceCommands,
    alerts,
    licenses: app.services.licenses,
    log,
    shadowHistoryDays: config.SHADOW_HISTORY_DAYS,
    metricsRetention: { rawDays: config.METRICS_RAW_DAYS, hourlyDays: config.METRICS_HOURLY_DAYS },
  });

  const fleet = config.DEMO
    ? await startSimulatedFleet(await seedDemo(app), deviceLink.deviceBrokerUrl, {}).catch((error: unknown) =>
        failStartup(explainDemoDeviceError(error, config)),
      )
    : undefined;
  // One demo encoder sits in a hot rack, so the demo's alerts page and dashboard have something to show.
  fleet?.devices[0]?.pinReading('thermal_system_temp_current', DEMO_HOT_TEMPERATURE);

  const lines = [
    '',
    `  ${config.DEPLOYMENT_NAME} is running at ${config.publicUrl}`,
    `  API documentation: ${config.publicUrl}/v1/docs`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Device broker: ${deviceLink.deviceBrokerUrl}${deviceLink.embedded ? ' (embedded)' : ''}`,
  ];
  if (fleet) {
    lines.push(
      `  Demo: ${fleet.devices.length} simulated devices; sign in as ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);

  const stop = gracefulShutdown({
    log,
    server: app.server,
    steps: [
      ['jobs', () => jobs.stop()],
      ['demo devices', () => fleet?.stop()],
      ['ingest threads', () => ingestThreads?.stop()],
      ['server', () => server.close()],
      ['mailer', () => mailer.close()],
      ['database', () => database.close()],
    ],
  });
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
