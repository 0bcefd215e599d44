import { timestamp } from 'drizzle-orm/pg-core';

/** The columns every table writes the same way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const tz = (name: string) => timestamp(name, { withTimezone: true });
