import v8 from 'node:v8';

/**
 * How much the JavaScript heap may grow past what its last full collection kept, in percent, when the
 * console runs on its embedded database: the broker, the ingest and PGlite then share one process.
 * V8 lets the heap grow to up to four times its live size on a machine with this much memory: after
 * 10,000 devices announced, 420-460 MB for 220-330 MB live, and the process at 1.1-1.2 GB (decision
 * 270). At 20 % the main thread spent a quarter of its busy time collecting garbage during the storm,
 * which every person's request waited for; at 50 % the process peaks at 927-963 MiB, at 100 % it passed
 * 1 GB (decision 296).
 */
export const EMBEDDED_HEAP_GROWING_PERCENT = 50;

/** Keeps the heap close to its live size when the database runs in this process (no DATABASE_URL). */
export function limitHeapGrowthWhenEmbedded(databaseUrl: string | undefined) {
  // The flag is read at each full collection, so setting it once the process runs takes effect.
  if (!databaseUrl) v8.setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
