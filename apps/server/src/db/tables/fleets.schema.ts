import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';
import { users } from './auth.schema.ts';
import { devices } from './devices.schema.ts';
import { orgs } from './orgs.schema.ts';

/** Groups of an organization's devices (spec 2 §2.6): a venue, an event, a customer. */
export const fleets = pgTable(
  'fleets',
  {
    fleetGuid: uuid('fleet_guid').primaryKey().defaultRandom(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    fleetName: text('fleet_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fleets_org_name_idx').on(t.orgGuid, sql`lower(${t.fleetName}) collate "C"`, t.fleetGuid)],
);

/**
 * The devices of a fleet. A device belongs to a fleet in the adoption it was added in: `org_guid` is
 * the device's organization then, and every read counts a row only while the device is still in that
 * organization (as device_users does), so a device forgotten or adopted elsewhere has left the fleet.
 */
export const fleetDevices = pgTable(
  'fleet_devices',
  {
    fleetGuid: uuid('fleet_guid')
      .notNull()
      .references(() => fleets.fleetGuid, { onDelete: 'cascade' }),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fleetGuid, t.deviceGuid] }),
    index('fleet_devices_device_idx').on(t.deviceGuid, t.orgGuid),
  ],
);

/**
 * People given access to every device of a fleet (spec 2 §6): 100 Read Only, 200 User (control), 300
 * Admin (edit the fleet, edit and control its devices). Members of the fleet's organization are
 * managed there and have no row here.
 */
export const fleetUsers = pgTable(
  'fleet_users',
  {
    fleetGuid: uuid('fleet_guid')
      .notNull()
      .references(() => fleets.fleetGuid, { onDelete: 'cascade' }),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.userGuid, { onDelete: 'cascade' }),
    access: smallint('access').notNull(),
    grantedBy: uuid('granted_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fleetGuid, t.userGuid] }),
    index('fleet_users_user_idx').on(t.userGuid),
    check('fleet_users_access', sql`${t.access} in (100, 200, 300)`),
  ],
);

/**
 * A fleet's alert templates (spec 2 §2.6 Alerts, §3): rules of category fleet that the alert engine
 * judges for every device of the fleet. The Alerts tab saves the whole list; `position` keeps its order.
 * The guid is the browser's (spec 2 §7: a new alert gets a generated guid).
 */
export const fleetAlertTemplates = pgTable(
  'fleet_alert_templates',
  {
    alertGuid: uuid('alert_guid').primaryKey(),
    fleetGuid: uuid('fleet_guid')
      .notNull()
      .references(() => fleets.fleetGuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.userGuid, { onDelete: 'set null' }),
  },
  (t) => [index('fleet_alert_templates_fleet_idx').on(t.fleetGuid, t.position)],
);
