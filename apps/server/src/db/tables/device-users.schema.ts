import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './auth.schema.ts';
import { devices } from './devices.schema.ts';
import { orgs } from './orgs.schema.ts';

/**
 * People given access to one device (spec 3 §3.12), whether or not they belong to its organization:
 * 100 Read Only, 200 User (control), 300 Admin (edit and control). A grant belongs to the adoption it
 * was made in: `org_guid` is the device's organization then. Forgetting the device deletes its grants,
 * deleting that organization deletes them too, and access checks count only grants of the device's
 * current organization.
 */
export const deviceUsers = pgTable(
  'device_users',
  {
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.userGuid, { onDelete: 'cascade' }),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    access: smallint('access').notNull(),
    grantedBy: uuid('granted_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceGuid, t.userGuid] }),
    index('device_users_user_idx').on(t.userGuid),
    index('device_users_org_idx').on(t.orgGuid),
    check('device_users_access', sql`${t.access} in (100, 200, 300)`),
  ],
);
