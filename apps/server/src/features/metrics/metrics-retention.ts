import type { Db } from '../../db/database.ts';
import { metricsRepository } from './metrics.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** How long metrics are kept (METRICS_RAW_DAYS, METRICS_HOURLY_DAYS). */
export interface MetricsRetention {
  rawDays: number;
  hourlyDays: number;
}

/**
 * Deletes samples older than `rawDays` and hourly roll-ups (and names not reported since) older than
 * `hourlyDays`. Idempotent, so every server process may run it.
 */
export function pruneMetrics(db: Db, retention: MetricsRetention, now = new Date()) {
  return metricsRepository(db).deleteOlderThan({
    samples: new Date(now.getTime() - retention.rawDays * DAY_MS),
    hours: new Date(now.getTime() - retention.hourlyDays * DAY_MS),
  });
}
