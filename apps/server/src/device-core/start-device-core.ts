import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { startDeviceLink } from '../device-link/device-link.ts';
import { createIngest } from '../device-link/ingest.ts';
import { DeviceEventBus } from './device-events.ts';
import { createDeviceService } from './device-service.ts';
import { publishDeviceEventsLive } from './live-listener.ts';

export type DeviceCore = Awaited<ReturnType<typeof startDeviceCore>>;

/**
 * The device side of a server process: the link to the broker, the device service that owns every
 * change to a device, its event bus with the live channel listening, and the ingest feeding it.
 */
export async function startDeviceCore(deps: { config: Config; db: Db; log: FastifyBaseLogger }) {
  const link = await startDeviceLink(deps);
  const bus = new DeviceEventBus((error, event) =>
    deps.log.error({ err: error, event: event.type }, 'a device event listener failed'),
  );
  const devices = createDeviceService({ db: deps.db, transport: link, bus, log: deps.log });
  const stopLive = publishDeviceEventsLive(bus, link.publishLive);
  await link.startIngest(createIngest({ devices, log: deps.log }));
  return {
    link,
    devices,
    bus,
    async close() {
      stopLive();
      await link.close();
    },
  };
}
