import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/tables/rate-limits.schema.ts';
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
  /** Failed sign-ins from one address, whichever accounts they tried. */
  signInFailuresPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  /** Single sign-on round trips started or finished from one address. */
  ssoPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  /** A signed-in user re-typing their password (password change). */
  passwordChecksPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  passwordChecksPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  /** Failed adoptions (unknown serials) by one user, and attempts on one serial number by anyone. */
  adoptFailuresPerUser: { limit: 20, windowMs: 15 * 60_000 },
  adoptAttemptsPerSerial: { limit: 10, windowMs: 15 * 60_000 },
  authInfoPerAddress: { limit: 60, windowMs: 60_000 },
  codeChecksPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  codeChecksPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  /** Spec 1 §4.4: a verification code can be re-sent at most once per 30 s. */
  resendPerAccount: { limit: 1, windowMs: 30_000 },
  resendPerAddress: { limit: 20, windowMs: 15 * 60_000 },
  signUpPerAddress: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>;

/**
 * Repeated failures of one account from one address are slowed down, not stopped: after `free`
 * failures each further attempt must wait `baseMs` doubled per failure, up to `maxMs`, after the last
 * failure. Another address is not slowed, so nobody can lock an owner out of their own account.
 */
export interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
}
export const BACKOFFS = {
  signInPerAccountAndAddress: { free: 5, baseMs: 2000, maxMs: 15 * 60_000 },
} as const satisfies Record<string, Backoff>;

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

    /**
     * Throws 429 while a bucket is at its limit, without counting this attempt (counted when it fails,
     * with `countFailure`): only failures use the allowance up.
     */
    async assertUnderLimit(key: string, rule: RateLimit) {
      const [row] = await db
        .select({
          hits: rateLimits.hits,
          retryMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStart} + (${rule.windowMs} * interval '1 millisecond') - now())) * 1000)::float8`,
        })
        .from(rateLimits)
        .where(
          sql`${rateLimits.bucket} = ${key} and ${rateLimits.windowStart} > now() - (${rule.windowMs} * interval '1 millisecond')`,
        );
      if (row && row.hits >= rule.limit) {
        throw ApiError.tooManyRequests(
          `Too many attempts. Please wait ${waitText(row.retryMs)} and try again.`,
          row.retryMs,
        );
      }
    },

    /** Counts a failure in a fixed-window bucket checked with `assertUnderLimit`. */
    async countFailure(key: string, rule: RateLimit) {
      await this.hit([{ key, rule }]).catch(() => undefined);
    },

    /** Throws 429 until the wait that the bucket's failures earned (see Backoff) has passed. */
    async assertBackoffOver(key: string, rule: Backoff) {
      const [row] = await db
        .select({
          retryMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStart} + least(${rule.maxMs}, ${rule.baseMs} * power(2, ${rateLimits.hits} - ${rule.free})) * interval '1 millisecond' - now())) * 1000)::float8`,
        })
        .from(rateLimits)
        .where(sql`${rateLimits.bucket} = ${key} and ${rateLimits.hits} >= ${rule.free}`);
      if (row && row.retryMs > 0) {
        throw ApiError.tooManyRequests(
          `Too many failed attempts. Please wait ${waitText(row.retryMs)} and try again.`,
          row.retryMs,
        );
      }
    },

    /** Counts a failure in a backoff bucket: one more failure, and the time of this one. */
    async countBackoffFailure(key: string) {
      await db
        .insert(rateLimits)
        .values({ bucket: key, windowStart: sql`now()`, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimits.bucket,
          set: { hits: sql`${rateLimits.hits} + 1`, windowStart: sql`now()` },
        });
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
