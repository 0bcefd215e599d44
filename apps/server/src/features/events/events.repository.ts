import type { Db } from '../../db/database.ts';
import { deviceEvents } from '../../db/schema.ts';

export function eventsRepository(db: Db) {
  return {
    async record(event: {
      deviceGuid: string;
      orgGuid: string | null;
      eventType: string;
      eventData: Record<string, unknown>;
      timestamp?: Date;
    }) {
      await db.insert(deviceEvents).values(event);
    },
  };
}
