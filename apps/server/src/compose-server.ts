import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config/env.ts';
import type { Database } from './db/database.ts';
import type { DeviceCore } from './device-core/start-device-core.ts';
import { startAlertEngine } from './features/alerts/alert-engine.ts';
import { startAlertMails } from './features/alerts/alert-mails.ts';
import { pushProfileChanges } from './features/entitlements/profile-push.ts';
import { type PublishLive, publishDeviceEventsLive } from './features/live/live-listener.ts';
import { createMetricsService } from './features/metrics/metrics.service.ts';
import { outboxService } from './features/outbox/outbox.service.ts';
import { type OutboxDeliveryOptions, startOutboxDelivery } from './features/outbox/outbox-delivery.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmsSender } from './sms/sms-sender.ts';

export type ComposedServer = Awaited<ReturnType<typeof composeServer>>;

interface ServerDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  mailer: Mailer;
  sms: SmsSender;
  deviceCore: DeviceCore;
}

/**
 * What listens to the device core's bus: the alert engine and its e-mails, the live channel's
 * publisher and the metrics, with the outbox they write e-mails to and its delivery. In place before
 * the first device message is taken, in a server process and in an ingest thread alike.
 */
export function composeDeviceListeners(
  deps: ServerDeps,
  options: {
    outbox?: OutboxDeliveryOptions;
    /** Where the device events go for browsers; the device link's live channel unless told. */
    publishLive?: PublishLive;
  } = {},
) {
  const { config, database, log, mailer, deviceCore } = deps;
  const { bus, link } = deviceCore;
  // Every e-mail is stored in the outbox and delivered by this process's worker or another's.
  const delivery = startOutboxDelivery({ db: database.db, mailer, log, ...options.outbox });
  const outbox = outboxService({ db: database.db, onStored: () => void delivery.kick() });
  const alerts = startAlertEngine({
    db: database.db,
    bus,
    devices: deviceCore.devices,
    holdScale: config.ALERT_HOLD_SCALE,
    log,
  });
  const alertMails = startAlertMails({ db: database.db, bus, outbox, publicUrl: config.publicUrl, log });
  const stopLive = publishDeviceEventsLive(bus, options.publishLive ?? link.publishLive);
  const metrics = createMetricsService({ db: database.db, bus, rawDays: config.METRICS_RAW_DAYS });
  return {
    outbox,
    delivery,
    alerts,
    metrics,
    /** Stops the listeners, then the device core, then the outbox's delivery. */
    async close() {
      await alerts.stop();
      await alertMails.stop();
      stopLive();
      await deviceCore.close();
      await delivery.stop();
    },
  };
}

/**
 * Puts one server process together (main.ts and the tests' app alike): the features that listen to the
 * device core's bus are in place before the first device message is taken, then the HTTP app is built.
 * With `ingestThreads` (INGEST_THREADS) the devices' messages are taken by those threads instead, and
 * the health check's backlog counts theirs.
 */
export async function composeServer(
  deps: ServerDeps,
  options: Pick<FastifyServerOptions, 'loggerInstance'> & {
    /** The outbox worker's clock and poll (tests of retries move the clock on instead of waiting). */
    outbox?: OutboxDeliveryOptions;
    ingestThreads?: { backlog(): number };
  } = {},
) {
  const { config, database, log, sms, deviceCore } = deps;
  const { bus, link } = deviceCore;
  const listeners = composeDeviceListeners(deps, { ...(options.outbox && { outbox: options.outbox }) });
  const { outbox, delivery, alerts, metrics } = listeners;
  const { ingestThreads } = options;
  // Only now: a device's first message finds every listener on the bus (samples raise alerts at once).
  if (!ingestThreads) await deviceCore.startIngest({ metrics });
  // Rollouts of this process or of one that stopped are carried on from the database.
  const rolloutWorker = deviceCore.rollouts.startWorker({ leaseMs: config.ROLLOUT_LEASE_SECONDS * 1000 });
  const app = await buildApp(
    {
      config,
      database,
      outbox,
      sms,
      deviceLink: ingestThreads
        ? { ...link, ingestBacklog: () => link.ingestBacklog() + ingestThreads.backlog() }
        : link,
      devices: deviceCore.devices,
      shadows: deviceCore.shadows,
      deviceCommands: deviceCore.deviceCommands,
      deviceUsers: deviceCore.deviceUsers,
      rollouts: deviceCore.rollouts,
      alerts,
      metrics,
    },
    { loggerInstance: options.loggerInstance ?? log, trustProxy: config.TRUST_PROXY },
  );
  const stopProfilePush = pushProfileChanges(bus, app.services.licenses, log);
  // Rows stored before this start (by a process that stopped, or while the mail server was away).
  void delivery.kick();
  return {
    app,
    alerts,
    outbox,
    delivery,
    rolloutWorker,
    /** Stops taking requests, then the listeners, then the device core. */
    async close() {
      await app.close();
      stopProfilePush();
      await rolloutWorker.stop();
      await listeners.close();
    },
  };
}
