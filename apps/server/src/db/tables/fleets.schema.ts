import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
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
