import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config/env.ts';
import type { Database } from './db/database.ts';
import type { DeviceCore } from './device-core/start-device-core.ts';
import { startAlertEngine } from './features/alerts/alert-engine.ts';
import { publishDeviceEventsLive } from './features/live/live-listener.ts';
import { createMetricsService } from './features/metrics/metrics.service.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmsSender } from './sms/sms-sender.ts';

export type ComposedServer = Awaited<ReturnType<typeof composeServer>>;

/**
 * Puts one server process together (main.ts and the tests' app alike): the features that listen to the
 * device core's bus are in place before the first device message is taken, then the HTTP app is built.
 */
export async function composeServer(
  deps: {
    config: Config;
    database: Database;
    log: FastifyBaseLogger;
    mailer: Mailer;
    sms: SmsSender;
    deviceCore: DeviceCore;
  },
  options: Pick<FastifyServerOptions, 'loggerInstance'> = {},
) {
  const { config, database, log, mailer, sms, deviceCore } = deps;
  const { bus, link } = deviceCore;
  const alerts = startAlertEngine({
    db: database.db,
    bus,
    mailer,
    publicUrl: config.publicUrl,
    holdScale: config.ALERT_HOLD_SCALE,
    log,
  });
  const stopLive = publishDeviceEventsLive(bus, link.publishLive);
  const metrics = createMetricsService({ db: database.db, bus, rawDays: config.METRICS_RAW_DAYS });
  // Only now: a device's first message finds every listener on the bus (samples raise alerts at once).
  await deviceCore.startIngest({ metrics });
  const app = await buildApp(
    {
      config,
      database,
      mailer,
      sms,
      deviceLink: link,
      devices: deviceCore.devices,
      shadows: deviceCore.shadows,
      deviceCommands: deviceCore.deviceCommands,
      deviceUsers: deviceCore.deviceUsers,
      alerts,
    },
    { loggerInstance: options.loggerInstance ?? log },
  );
  return {
    app,
    alerts,
    /** Stops taking requests, then the listeners, then the device core. */
    async close() {
      await app.close();
      await alerts.stop();
      stopLive();
      await deviceCore.close();
    },
  };
}
