import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';
import { users } from './auth.schema.ts';
import { devices } from './devices.schema.ts';
import { orgs } from './orgs.schema.ts';

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
    /**
     * What the alert watches on its device, one open alert per key: the rule (a device alert's guid,
     * an organization template's guid, or the legacy setting) and the input, encoder or output it
     * concerns. Null for alerts stored before the engine.
     */
    conditionKey: text('condition_key'),
    /** Who hears about it, copied from the rule when raised: the rule may change or go. */
    notify: jsonb('notify')
      .$type<{ user_list: string[]; email_list: string[]; notify_on_close: boolean }>()
      .notNull()
      .default({ user_list: [], email_list: [], notify_on_close: false }),
    /** When it stopped being open: resolved by the engine, or closed by a person. */
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    /** Close Alert (spec 2 §4.4) takes it off the current lists; the history keeps it. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    /** The lists: one organization's alerts of one type, newest first. */
    index('alerts_org_listing_idx').on(t.orgGuid, t.alertType, t.timestamp, t.alertGuid),
    index('alerts_device_idx').on(t.deviceGuid),
    /** One open alert per device and condition, whichever server process raises it. */
    uniqueIndex('alerts_open_condition_idx')
      .on(t.deviceGuid, t.conditionKey)
      .where(sql`${t.closedAt} is null`),
    check('alerts_device_alert_has_device', sql`${t.alertType} <> 'device' or ${t.deviceGuid} is not null`),
  ],
);

/**
 * What the alert engine knows of each watched condition on a device: since when it has held (null
 * while it does not) and the rule as last evaluated. A condition that has held for its duration
 * raises an alert; the job that checks durations reads the rows whose time has come.
 */
export const alertConditions = pgTable(
  'alert_conditions',
  {
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    conditionKey: text('condition_key').notNull(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    /** The rule and the reading that breached it: the alert's fields when raised. */
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    heldSince: timestamp('held_since', { withTimezone: true, precision: 3 }),
    /** When the hold ends and an alert is due (held_since plus the rule's duration). */
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceGuid, t.conditionKey] }),
    index('alert_conditions_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
  ],
);

/**
 * An organization's alert templates (spec 2 §2.10 /alerts/templates): rules of category org that
 * apply to every device of the organization, beside each device's own.
 */
export const orgAlertTemplates = pgTable(
  'org_alert_templates',
  {
    templateGuid: uuid('template_guid').primaryKey().defaultRandom(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.userGuid, { onDelete: 'set null' }),
  },
  (t) => [index('org_alert_templates_org_idx').on(t.orgGuid)],
);

/** The legacy alert settings of an organization (spec 2 §2.10 /alerts/config): Device Offline. */
export const orgAlertSettings = pgTable('org_alert_settings', {
  orgGuid: uuid('org_guid')
    .primaryKey()
    .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
  offline: jsonb('offline').$type<Record<string, unknown>>().notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.userGuid, { onDelete: 'set null' }),
});
