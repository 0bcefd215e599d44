import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { startBrokerAccounts } from '../device-link/broker-accounts.ts';
import { startDeviceLink } from '../device-link/device-link.ts';
import { DeviceEventBus } from '../shared/device-event-bus.ts';
import { createDeviceCommandsService } from './device-commands/device-commands.service.ts';
import { createDeviceUsersService } from './device-users/device-users.service.ts';
import { createDeviceService } from './devices/device.service.ts';
import { devicePasswordCheck } from './devices/device-passwords.ts';
import { syncBrokerAccounts } from './devices/provisioning.service.ts';
import { recordDeviceAudit } from './events/device-audit.ts';
import { createIngest, type MetricsSink } from './ingest.ts';
import { createRolloutService } from './rollouts/rollout.service.ts';
import { refreshUnconfirmedShadows } from './shadows/catch-up.ts';
import { createShadowService } from './shadows/shadow.service.ts';

export type DeviceCore = Awaited<ReturnType<typeof startDeviceCore>>;

/**
 * The device side of a server process: the link to the broker, the services that own every change to a
 * device (its life, shadows, commands and users), their event bus with the audit log recording on it.
 * Devices' messages are taken only from `startIngest` on, once the app has put its listeners (alert
 * engine, live channel) on the bus.
 */
export async function startDeviceCore(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /**
   * An ingest thread's device core (startup/ingest-threads.ts): its process's main thread hears the live
   * channel for the browsers and checks the broker's device accounts at start.
   */
  ingestThread?: boolean;
}) {
  const { db, log } = deps;
  // Before the link: the link asks devices for what it missed as soon as it connects, and their answers
  // must find the ingest subscribed, not wait behind the accounts' start.
  const accounts = await startBrokerAccounts(deps);
  const link = await startDeviceLink({
    ...deps,
    verifyDevice: devicePasswordCheck(db),
    hearLive: !deps.ingestThread,
  }).catch(async (error: unknown) => {
    await accounts.close();
    throw error;
  });
  const bus = new DeviceEventBus((error, event) =>
    log.error({ err: error, event: event.type }, 'a device event listener failed'),
  );
  const stopAudit = recordDeviceAudit(bus);
  const shadows = createShadowService({ db, transport: link, bus });
  const devices = createDeviceService({ db, transport: link, accounts, bus, shadows, log });
  const deviceCommands = createDeviceCommandsService({ db, transport: link, bus });
  const deviceUsers = createDeviceUsersService({ db, bus });
  const rollouts = createRolloutService({ db, shadows, bus, log });
  // Not waited for: a large fleet's rules are checked while the server already serves.
  const syncing = deps.ingestThread
    ? Promise.resolve()
    : syncBrokerAccounts({ db, accounts, log }).catch((error: unknown) =>
        log.warn({ err: error }, 'broker accounts: the start-up check failed'),
      );
  let stopCatchUp = () => {};
  return {
    link,
    bus,
    devices,
    shadows,
    deviceCommands,
    deviceUsers,
    rollouts,
    /** Subscribes to what devices publish, then asks them for answers this server missed. */
    async startIngest(sinks: { metrics: MetricsSink }) {
      await link.startIngest(createIngest({ devices, shadows, deviceCommands, metrics: sinks.metrics, log }));
      // Whatever devices answered while this server was away (killed mid-command, broker outage) is
      // fetched again from them, now and after every reconnection.
      stopCatchUp = link.onConnect(() => {
        refreshUnconfirmedShadows({ db, send: link.sendShadowCommand }).catch((error: Error) =>
          log.warn({ err: error }, 'device link: catching up on unanswered commands failed'),
        );
      });
    },
    async close() {
      stopCatchUp();
      stopAudit();
      await syncing;
      await accounts.close();
      await link.close();
    },
  };
}
