import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database.ts';
import { sessionsRepository } from './features/auth/sessions.repository.ts';
import { oidcLoginsRepository } from './features/sso/oidc-logins.repository.ts';
import { rateLimiter } from './http/rate-limiter.ts';

const EVERY_MS = 60 * 60_000;
/** Longer than the longest rate-limit window, so no live count is dropped. */
const RATE_LIMIT_RETENTION_MS = 2 * 60 * 60_000;

/**
 * Deletes what has run out (sessions, MFA challenges, sign-on round trips, old rate-limit windows)
 * once an hour. Every server process may run it: the deletes are idempotent.
 */
export function startHousekeeping(db: Db, log: FastifyBaseLogger) {
  const sweep = async () => {
    const now = new Date();
    await sessionsRepository(db).deleteExpired(now);
    await oidcLoginsRepository(db).deleteExpired(now);
    await rateLimiter(db).deleteStale(RATE_LIMIT_RETENTION_MS);
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  }, EVERY_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
