import type { Db } from '../db/database.ts';
import { sessionsRepository } from '../features/auth/sessions.repository.ts';
import { type MetricsRetention, pruneMetrics } from '../features/metrics/metrics-retention.ts';
import { outboxRepository } from '../features/outbox/outbox.repository.ts';
import { oidcLoginsRepository } from '../features/sso/oidc-logins.repository.ts';
import { rateLimiter } from '../http/rate-limiter.ts';

/** Longer than the longest rate-limit window, so no live count is dropped. */
const RATE_LIMIT_RETENTION_MS = 2 * 60 * 60_000;
/** Sent and given-up e-mails (recipient, subject, outcome; no body) are kept this long for support. */
const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes what has run out: sessions, MFA challenges, sign-on round trips, old rate-limit windows,
 * metrics past their retention, outbox rows finished more than 30 days ago. The deletes are idempotent, so every server process may run it.
 */
export async function sweepExpired(db: Db, retention: { metrics: MetricsRetention }, now = new Date()) {
  await sessionsRepository(db).deleteExpired(now);
  await oidcLoginsRepository(db).deleteExpired(now);
  await rateLimiter(db).deleteStale(RATE_LIMIT_RETENTION_MS);
  await pruneMetrics(db, retention.metrics, now);
  await outboxRepository(db).deleteFinished(new Date(now.getTime() - OUTBOX_RETENTION_MS));
}
