import type { Db } from '../db/database.ts';
import { sessionsRepository } from '../features/auth/sessions.repository.ts';
import { type MetricsRetention, pruneMetrics } from '../features/metrics/metrics-retention.ts';
import { oidcLoginsRepository } from '../features/sso/oidc-logins.repository.ts';
import { rateLimiter } from '../http/rate-limiter.ts';

/** Longer than the longest rate-limit window, so no live count is dropped. */
const RATE_LIMIT_RETENTION_MS = 2 * 60 * 60_000;

/**
 * Deletes what has run out: sessions, MFA challenges, sign-on round trips, old rate-limit windows,
 * metrics past their retention. The deletes are idempotent, so every server process may run it.
 */
export async function sweepExpired(db: Db, retention: { metrics: MetricsRetention }, now = new Date()) {
  await sessionsRepository(db).deleteExpired(now);
  await oidcLoginsRepository(db).deleteExpired(now);
  await rateLimiter(db).deleteStale(RATE_LIMIT_RETENTION_MS);
  await pruneMetrics(db, retention.metrics, now);
}
