import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { startBrokerAccounts } from '../device-link/broker-accounts.ts';
import { startDeviceLink } from '../device-link/device-link.ts';
import { createIngest } from '../device-link/ingest.ts';
import { syncBrokerAccounts } from '../features/devices/provisioning.service.ts';
import { createMetricsService } from '../features/metrics/metrics.service.ts';
import { DeviceEventBus } from './device-events.ts';
import { createDeviceService } from './device-service.ts';
import { publishDeviceEventsLive } from './live-listener.ts';

export type DeviceCore = Awaited<ReturnType<typeof startDeviceCore>>;

/**
 * The device side of a server process: the link to the broker, the device service that owns every
 * change to a device, its event bus with the live channel listening, and the ingest feeding it.
 */
export async function startDeviceCore(deps: { config: Config; db: Db; log: FastifyBaseLogger }) {
  // Before the link: the link asks devices for what it missed as soon as it connects, and their answers
  // must find the ingest subscribed, not wait behind the accounts' start.
  const accounts = await startBrokerAccounts(deps);
  const link = await startDeviceLink(deps).catch(async (error: unknown) => {
    await accounts.close();
    throw error;
  });
  const bus = new DeviceEventBus((error, event) =>
    deps.log.error({ err: error, event: event.type }, 'a device event listener failed'),
  );
  const devices = createDeviceService({ db: deps.db, transport: link, accounts, bus, log: deps.log });
  const stopLive = publishDeviceEventsLive(bus, link.publishLive);
  const metrics = createMetricsService({ db: deps.db, bus, rawDays: deps.config.METRICS_RAW_DAYS });
  await link.startIngest(createIngest({ devices, metrics, log: deps.log }));
  // Not waited for: a large fleet's rules are checked while the server already serves.
  const syncing = syncBrokerAccounts({ db: deps.db, accounts, log: deps.log }).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'broker accounts: the start-up check failed'),
  );
  return {
    link,
    devices,
    bus,
    async close() {
      stopLive();
      await syncing;
      await accounts.close();
      await link.close();
    },
  };
}
