import type { Db } from '../../db/database.ts';
import { deviceEvents } from './events.schema.ts';

export type NewDeviceEvent = typeof deviceEvents.$inferInsert;

export function eventsRepository(db: Db) {
  return {
    async record(event: NewDeviceEvent) {
      await db.insert(deviceEvents).values(event);
    },

    /** Many events in one statement (a fleet's connection changes). */
    async recordMany(events: readonly NewDeviceEvent[]) {
      if (events.length > 0) await db.insert(deviceEvents).values([...events]);
    },
  };
}
