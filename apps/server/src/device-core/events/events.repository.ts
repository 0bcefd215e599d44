import type { Db } from '../../db/database.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';
import { eventsReads } from './events.reads.ts';

export type NewDeviceEvent = typeof deviceEvents.$inferInsert;

/** Every write of the devices' events (the device core's alone), with the reads of events.reads.ts. */
export function eventsRepository(db: Db) {
  return {
    ...eventsReads(db),

    async record(event: NewDeviceEvent) {
      await db.insert(deviceEvents).values(event);
    },

    /** Many events in one statement (a fleet's connection changes). */
    async recordMany(events: readonly NewDeviceEvent[]) {
      if (events.length > 0) await db.insert(deviceEvents).values([...events]);
    },
  };
}
