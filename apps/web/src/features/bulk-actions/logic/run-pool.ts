/** How many devices a bulk action works on at once (each holds its place until its command is over). */
export const BULK_CONCURRENCY = 4;

/**
 * Runs `work` on every item, at most `limit` at a time, in the items' order. A worker that throws
 * does not stop the others (each worker reports its own outcome). Once `signal` is aborted no new
 * item starts.
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let nextIndex = 0;
  const lane = async () => {
    while (nextIndex < items.length && !signal?.aborted) {
      const item = items[nextIndex++] as T;
      try {
        await work(item);
      } catch {
        // The worker has reported its own failure; the next item goes on.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
