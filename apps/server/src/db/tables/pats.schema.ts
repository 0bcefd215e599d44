import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';
import { users } from './auth.schema.ts';

/** Personal access tokens (spec 1 §3); only a digest of the value is kept. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    tokenGuid: uuid('token_guid').primaryKey().defaultRandom(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.userGuid, { onDelete: 'cascade' }),
    tokenPrefix: text('token_prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    comment: text('comment').notNull().default(''),
    issued: tz('issued').notNull().defaultNow(),
    expires: tz('expires').notNull(),
    lastUsed: tz('last_used'),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userGuid)],
);
