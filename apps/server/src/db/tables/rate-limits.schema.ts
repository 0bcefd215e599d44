import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';

/** Fixed-window counters shared by every server process (sign-in, code checks, re-sends). */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  windowStart: tz('window_start').notNull(),
  hits: integer('hits').notNull(),
});
