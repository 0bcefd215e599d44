import v8 from 'node:v8';

/**
 * How much the JavaScript heap may grow past what its last full collection kept, in percent, when the
 * console runs on its embedded database: the broker, the ingest and PGlite then share one process.
 * V8 lets the heap grow to up to four times its live size on a machine with this much memory: after
 * 10,000 devices announced, 420-460 MB for 220-330 MB live, and the process at 1.1-1.2 GB. At 20 %
 * it stayed at 930 MB, for about 15 % more of the console's CPU during the storm (decision 270).
 */
export const EMBEDDED_HEAP_GROWING_PERCENT = 20;

/** Keeps the heap close to its live size when the database runs in this process (no DATABASE_URL). */
export function limitHeapGrowthWhenEmbedded(databaseUrl: string | undefined) {
  // The flag is read at each full collection, so setting it once the process runs takes effect.
  if (!databaseUrl) v8.setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
