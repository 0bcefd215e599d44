import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from '../devices/devices.schema.ts';
import { orgs } from '../orgs/orgs.schema.ts';

/**
 * Alerts of an organization (spec 2 §3): 'device' alerts belong to a device, 'other' (legacy) alerts may.
 * Timestamps keep milliseconds only, so a paging token (an ISO string) matches the stored value exactly.
 */
export const alerts = pgTable(
  'alerts',
  {
    alertGuid: uuid('alert_guid').primaryKey().defaultRandom(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    deviceGuid: uuid('device_guid').references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    alertType: text('alert_type', { enum: ['device', 'other'] }).notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    category: text('category').notNull().default(''),
    alertState: text('alert_state').notNull().default(''),
    config: jsonb('config')
      .$type<{ threshold_value?: number; threshold_condition?: string }>()
      .notNull()
      .default({}),
    timestamp: timestamp('timestamp', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastStatusChange: timestamp('last_status_change', { withTimezone: true, precision: 3 }),
    resolved: boolean('resolved').notNull().default(false),
    silenced: boolean('silenced').notNull().default(false),
    silencedToggledBy: text('silenced_toggled_by'),
    silencedTimestamp: timestamp('silenced_timestamp', { withTimezone: true, precision: 3 }),
    closedBy: text('closed_by'),
    legacy: boolean('legacy').notNull().default(false),
  },
  (t) => [
    /** The lists: one organization's alerts of one type, newest first. */
    index('alerts_org_listing_idx').on(t.orgGuid, t.alertType, t.timestamp, t.alertGuid),
    index('alerts_device_idx').on(t.deviceGuid),
    check('alerts_device_alert_has_device', sql`${t.alertType} <> 'device' or ${t.deviceGuid} is not null`),
  ],
);
