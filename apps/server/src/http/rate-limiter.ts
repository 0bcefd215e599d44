import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';
import { ApiError } from './api-error.ts';

export interface RateLimit {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * The limits of the identity endpoints, per account (e-mail or user) and per client address. Kept in
 * PostgreSQL so that every server process counts the same attempts.
 */
export const RATE_LIMITS = {
  signInPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  signInPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  authInfoPerAddress: { limit: 60, windowMs: 60_000 },
  codeChecksPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  codeChecksPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  /** Spec 1 §4.4: a verification code can be re-sent at most once per 30 s. */
  resendPerAccount: { limit: 1, windowMs: 30_000 },
  resendPerAddress: { limit: 20, windowMs: 15 * 60_000 },
  signUpPerAddress: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>;

const waitText = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
};

/** Fixed-window counters: one upsert per hit, the window restarting once it has passed. */
export function rateLimiter(db: Db) {
  return {
    /**
     * Counts one hit on each bucket and throws 429 when any is over its limit. `message` overrides the
     * default text (spec 1 §4.4 has its own for re-sends).
     */
    async hit(buckets: Array<{ key: string; rule: RateLimit }>, message?: string) {
      for (const { key, rule } of buckets) {
        const windowStart = sql`now() - (${rule.windowMs} * interval '1 millisecond')`;
        const [row] = await db
          .insert(rateLimits)
          .values({ bucket: key, windowStart: sql`now()`, hits: 1 })
          .onConflictDoUpdate({
            target: rateLimits.bucket,
            set: {
              hits: sql`case when ${rateLimits.windowStart} <= ${windowStart} then 1 else ${rateLimits.hits} + 1 end`,
              windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStart} then now() else ${rateLimits.windowStart} end`,
            },
          })
          .returning({
            hits: rateLimits.hits,
            retryMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStart} + (${rule.windowMs} * interval '1 millisecond') - now())) * 1000)::float8`,
          });
        if (row && row.hits > rule.limit) {
          throw ApiError.tooManyRequests(
            message ?? `Too many attempts. Please wait ${waitText(row.retryMs)} and try again.`,
            row.retryMs,
          );
        }
      }
    },

    /** Forgets the counts of the given buckets (a successful sign-in clears its failures). */
    async reset(keys: string[]) {
      await db.delete(rateLimits).where(inArray(rateLimits.bucket, keys));
    },

    async deleteStale(olderThanMs: number) {
      await db
        .delete(rateLimits)
        .where(sql`${rateLimits.windowStart} < now() - (${olderThanMs} * interval '1 millisecond')`);
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
