import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';
import { devices } from './devices.schema.ts';

/** Device and organization events (adopt, forget, state changes, device-published events). */
export const deviceEvents = pgTable(
  'device_events',
  {
    eventGuid: uuid('event_guid').primaryKey().defaultRandom(),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    orgGuid: uuid('org_guid'),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull(),
    timestamp: tz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('device_events_device_idx').on(t.deviceGuid, t.timestamp),
    index('device_events_org_idx').on(t.orgGuid, t.timestamp),
  ],
);
