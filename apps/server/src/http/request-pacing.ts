/**
 * Pacing of scripted calls: a token bucket per personal access token, in this server process. A script
 * that polls in a tight loop (the published client's install script does) is slowed to the steady rate
 * rather than refused, so it keeps working; a caller that would have to wait longer than `maxWaitMs`
 * is answered 429 with the time to wait.
 */
export interface PacingRule {
  /** Calls that may arrive at once. */
  burst: number;
  /** The steady rate the bucket refills at. */
  perSecond: number;
  /** The longest a call is held before it is refused instead. */
  maxWaitMs: number;
}

export const PAT_PACING: PacingRule = { burst: 50, perSecond: 10, maxWaitMs: 2000 };

/** Buckets idle long enough to be full again are forgotten once there are this many. */
const PRUNE_ABOVE = 10_000;

export function requestPacer(rule: PacingRule, now: () => number = Date.now) {
  // `level` is the calls available; below zero it counts the calls already held, waiting their turn.
  const buckets = new Map<string, { level: number; at: number }>();
  const refillMs = (rule.burst / rule.perSecond) * 1000;

  function prune(time: number) {
    if (buckets.size <= PRUNE_ABOVE) return;
    for (const [key, bucket] of buckets) if (time - bucket.at >= refillMs) buckets.delete(key);
  }

  return {
    /**
     * Takes one call from the key's bucket: answers how long to hold it before serving (0 when a call
     * is available), or `{ refusedForMs }` when that hold would be longer than the rule allows.
     */
    reserve(key: string): { waitMs: number } | { refusedForMs: number } {
      const time = now();
      const bucket = buckets.get(key) ?? { level: rule.burst, at: time };
      bucket.level = Math.min(rule.burst, bucket.level + ((time - bucket.at) / 1000) * rule.perSecond);
      bucket.at = time;
      buckets.set(key, bucket);
      prune(time);
      const waitMs = bucket.level >= 1 ? 0 : ((1 - bucket.level) / rule.perSecond) * 1000;
      if (waitMs > rule.maxWaitMs) return { refusedForMs: waitMs - rule.maxWaitMs };
      bucket.level -= 1;
      return { waitMs };
    },
  };
}
