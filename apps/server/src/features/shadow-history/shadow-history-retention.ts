import type { Db } from '../../db/database.ts';
import { shadowHistoryRepository } from './shadow-history.repository.ts';

/** The most versions kept of each shadow, however recent (README: SHADOW_HISTORY_DAYS). */
export const SHADOW_HISTORY_MAX_VERSIONS = 1000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The retention job: deletes versions older than `days` and those beyond the newest `maxVersions` of
 * each shadow, never the version a shadow is at. Idempotent, so every server process may run it.
 * Answers how many versions were deleted.
 */
export function pruneShadowHistory(
  db: Db,
  options: { days: number; maxVersions?: number; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  return shadowHistoryRepository(db).prune({
    before: new Date(now.getTime() - options.days * DAY_MS),
    keep: options.maxVersions ?? SHADOW_HISTORY_MAX_VERSIONS,
  });
}
