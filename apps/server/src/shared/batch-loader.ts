import { AsyncResource } from 'node:async_hooks';
import DataLoader from 'dataloader';

/**
 * A DataLoader (no cache) whose batches go out in the manner of a database's group commit: a batch is
 * sent at once (after the current tick, as DataLoader's own schedule does) when none of this loader's
 * is being run, else when that one finishes, with every load that arrived meanwhile. A quiet console
 * waits for nothing; under a fleet's storm, where each message's step ends on its own socket read and
 * so in its own tick, batches grow with the load instead of staying one item each, and a kind of write
 * holds one database connection at most.
 */
export function batchLoader<K, V>(
  load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  options: { maxBatchSize: number },
) {
  const held: Array<() => void> = [];
  let running = false;
  const next = () => {
    const dispatch = held.shift();
    running = dispatch !== undefined;
    dispatch?.();
  };
  return new DataLoader<K, V>(
    async (keys) => {
      try {
        return await load(keys);
      } finally {
        next();
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize,
      batchScheduleFn(dispatch) {
        // A batch runs as the load that opened it (a person's, or background work: background-work.ts).
        held.push(AsyncResource.bind(dispatch));
        if (running) return;
        running = true;
        void Promise.resolve().then(() => process.nextTick(next));
      },
    },
  );
}
