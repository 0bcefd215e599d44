import { index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './auth.schema.ts';

export const orgs = pgTable('orgs', {
  orgGuid: uuid('org_guid').primaryKey().defaultRandom(),
  orgName: text('org_name').notNull(),
  createdAt: createdAt(),
});

export const orgUsers = pgTable(
  'org_users',
  {
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.userGuid, { onDelete: 'cascade' }),
    access: smallint('access').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgGuid, t.userGuid] }), index('org_users_user_idx').on(t.userGuid)],
);
