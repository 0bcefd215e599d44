import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../../db/columns.ts';

/**
 * Notifications waiting to go out, and what became of them (decision 147). A row is written in the
 * caller's transaction where there is one, and any server process's delivery worker claims, sends and
 * marks it. `pending` rows are due at `next_attempt_at` (null: at once); a claim moves that time on by
 * a lease, so a process that dies mid-send leaves the row to another after the lease. `sent` and
 * `failed` (given up) rows keep no body: it may hold codes or links.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    messageGuid: uuid('message_guid').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email'] })
      .notNull()
      .default('email'),
    /** What the message is, for logs and support ('auth.confirmation', 'alert.raised'): never its content. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** Cleared once sent or given up. */
    body: text('body'),
    state: text('state', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts started; a claim counts one, so it also names the claim that may finish the row. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at'),
    lastAttemptAt: tz('last_attempt_at'),
    /** The last failure's code and SMTP reply code, never its text (it may quote an address). */
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    /** The workers' claim: pending rows by due time. */
    index('outbox_messages_due_idx').on(t.nextAttemptAt, t.createdAt).where(sql`${t.state} = 'pending'`),
    /** Housekeeping: finished rows by age. */
    index('outbox_messages_finished_idx').on(t.createdAt).where(sql`${t.state} <> 'pending'`),
  ],
);

export type OutboxRow = typeof outboxMessages.$inferSelect;
