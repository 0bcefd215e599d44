import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type OutboxRow, outboxMessages } from '../../db/tables/outbox.schema.ts';

export interface NewOutboxMessage {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
}

/** The outbox's SQL: enqueue, claim what is due, and finish a claimed row. */
export function outboxRepository(db: Db) {
  return {
    /** Stored through `db`, which may be the caller's transaction. */
    async insert(messages: readonly NewOutboxMessage[]) {
      if (messages.length === 0) return;
      await db.insert(outboxMessages).values(messages.map((message) => ({ ...message })));
    },

    /**
     * Claims up to `limit` due rows for this worker: each one's attempt is counted and its next attempt
     * moved to `leaseUntil`, in one statement. `for update skip locked` lets processes claim side by
     * side: a row another claim holds is passed over, never claimed twice.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
      const due = db
        .select({ guid: outboxMessages.messageGuid })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.state, 'pending'),
            or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now)),
          ),
        )
        .orderBy(sql`${outboxMessages.nextAttemptAt} nulls first`, outboxMessages.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: leaseUntil, lastAttemptAt: now })
        .where(inArray(outboxMessages.messageGuid, due))
        .returning();
    },

    /** Sent: the body goes. Only the claim that sent it (its attempt) finishes the row. */
    async markSent(row: OutboxRow, now: Date) {
      await db
        .update(outboxMessages)
        .set({ state: 'sent', sentAt: now, body: null, lastError: null, nextAttemptAt: null })
        .where(
          and(eq(outboxMessages.messageGuid, row.messageGuid), eq(outboxMessages.attempts, row.attempts)),
        );
    },

    /** Failed: tried again at `retryAt`, or given up (`retryAt` null), which clears the body. */
    async markFailed(row: OutboxRow, error: string, retryAt: Date | null) {
      await db
        .update(outboxMessages)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt }
            : { state: 'failed', lastError: error, nextAttemptAt: null, body: null },
        )
        .where(
          and(eq(outboxMessages.messageGuid, row.messageGuid), eq(outboxMessages.attempts, row.attempts)),
        );
    },

    /** Housekeeping: finished rows older than `before`. */
    async deleteFinished(before: Date) {
      await db
        .delete(outboxMessages)
        .where(and(sql`${outboxMessages.state} <> 'pending'`, lt(outboxMessages.createdAt, before)));
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
