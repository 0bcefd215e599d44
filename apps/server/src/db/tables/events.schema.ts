import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';
import { devices } from './devices.schema.ts';

/**
 * Device, organization and fleet events (adopt, forget, state changes, device-published events). A
 * fleet's own changes (created, renamed, its users and invites) name the fleet and no device; a
 * device added to or removed from a fleet names both (decision 179).
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    eventGuid: uuid('event_guid').primaryKey().defaultRandom(),
    deviceGuid: uuid('device_guid').references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    orgGuid: uuid('org_guid'),
    /** The fleet the event is about; no reference: a deleted fleet's history is simply unreachable. */
    fleetGuid: uuid('fleet_guid'),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull(),
    timestamp: tz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('device_events_device_idx').on(t.deviceGuid, t.timestamp),
    index('device_events_org_idx').on(t.orgGuid, t.timestamp),
    index('device_events_fleet_idx').on(t.fleetGuid, t.timestamp),
  ],
);
