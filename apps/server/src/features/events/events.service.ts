import { DEFAULT_EVENT_WINDOW_MS, type eventOperations } from '@ec/contract/events';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { eventsReads } from '../../device-core/events/events.reads.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';

export type EventsService = ReturnType<typeof createEventsService>;

/** A page token carries the last event's time in microseconds and its guid. */
const eventPageKey = z.tuple([z.string().regex(/^\d{1,19}$/), z.uuid()]);

/** The devices' events (spec 2 §2.9) as people read them, written by the device core alone. */
export function createEventsService(deps: { db: Db }) {
  const events = eventsReads(deps.db);

  return {
    /**
     * One page, newest first, of an organization's events in a window (the last day when none is
     * given): some of its devices, or those granted to a user, when the scope says so.
     */
    async listPage(
      scope: {
        orgGuid: string | null;
        grantedTo?: string;
        deviceGuids?: readonly string[];
        fleetGuid?: string;
      },
      query: z.output<typeof eventOperations.listForOrg.query>,
    ) {
      const end = query.end_time ?? new Date();
      const rows = await events.list({
        ...scope,
        start: query.start_time ?? new Date(end.getTime() - DEFAULT_EVENT_WINDOW_MS),
        end,
        before: decodePageToken(query.pagination_token, eventPageKey),
        limit: query.pagination_size + 1,
      });
      return pageOf(rows, query.pagination_size, (row) => [row.micros, row.event.eventGuid]);
    },
  };
}
