import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { composeDeviceListeners } from '../compose-server.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { startDeviceCore } from '../device-core/start-device-core.ts';
import { liveBatcher } from '../device-link/live-batches.ts';
import { createLogger } from '../logging/logger.ts';
import { createMailer } from '../mail/mailer.ts';
import { createSmsSender } from '../sms/sms-sender.ts';
import type { FromIngestThread, IngestThreadData, ToIngestThread } from './ingest-threads.ts';

/**
 * An ingest thread (ingest-threads.ts): a server process's device side without HTTP. It takes the
 * devices' messages from the broker's shared subscription, stores them and judges their alerts on
 * connections of its own, and hands its live events to the main thread. Its backlog is written where
 * the main thread's health check reads it.
 */
const { index, backlog } = workerData as IngestThreadData;
const config = loadConfig();
const log = createLogger({ level: config.LOG_LEVEL }).child({ ingestThread: index });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.dataDir, 'pglite'),
  onConnectionLost: (error) => log.warn({ err: error }, 'lost an idle database connection'),
});
const deviceCore = await startDeviceCore({ config, db: database.db, log, ingestThread: true });
const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
const sms = createSmsSender({ smsUrl: config.SMS_URL, from: config.SMS_FROM, log });
// The main thread tells its own browsers at once and the other processes through the broker, as it does
// with its own events: no trip through the broker on the way to this process's browsers.
const live = liveBatcher((orgGuid, events) => {
  const message: FromIngestThread = { type: 'live', orgGuid, events };
  parentPort?.postMessage(message);
});
const listeners = composeDeviceListeners(
  { config, database, log, mailer, sms, deviceCore },
  { publishLive: live.add },
);
await deviceCore.startIngest({ metrics: listeners.metrics });

const reportBacklog = setInterval(() => Atomics.store(backlog, index, deviceCore.link.ingestBacklog()), 100);
reportBacklog.unref();

parentPort?.on('message', async (message: ToIngestThread) => {
  if (message.type !== 'stop') return;
  clearInterval(reportBacklog);
  // The device link stores what it received before it lets go of the broker.
  await listeners.close();
  live.flush();
  await mailer.close();
  await database.close();
  Atomics.store(backlog, index, 0);
  // Ends this thread, not the process.
  process.exit(0);
});
const ready: FromIngestThread = { type: 'ready' };
parentPort?.postMessage(ready);
