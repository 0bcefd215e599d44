import { AsyncResource } from 'node:async_hooks';
import DataLoader from 'dataloader';
import { type WorkPriority, workPriority } from '../db/background-work.ts';

/**
 * Batches of one loader run at once: two, so that one is executed while the other commits, which a
 * single one left idle (a soak of 10,000 devices sending metrics every 10 s fell behind with one).
 */
const DEFAULT_IN_FLIGHT = 2;

/**
 * A DataLoader (no cache) whose batches go out in the manner of a database's group commit: a batch is
 * sent at once (after the current tick, as DataLoader's own schedule does) when fewer than
 * `maxInFlight` of this loader's are being run, else when one of them finishes, with every load that
 * arrived meanwhile. A quiet console waits for nothing; under a fleet's storm, where each message's
 * step ends on its own socket read and so in its own tick, batches grow with the load instead of
 * staying one item each, and a kind of write holds at most `maxInFlight` database connections.
 *
 * The loads of people, of devices and of background work (background-work.ts) are gathered apart: a
 * person's write or a device's connection never waits behind a storm's batch of 500 documents, and
 * each batch runs as the loads that made it.
 */
export function batchLoader<K, V>(
  load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  options: { maxBatchSize: number; maxInFlight?: number },
) {
  const lanes: Record<WorkPriority, DataLoader<K, V>> = {
    people: groupCommitLoader(load, options),
    devices: groupCommitLoader(load, options),
    background: groupCommitLoader(load, options),
  };
  return {
    load: (key: K): Promise<V> => lanes[workPriority()].load(key),
  };
}

function groupCommitLoader<K, V>(
  load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  options: { maxBatchSize: number; maxInFlight?: number },
) {
  const maxInFlight = options.maxInFlight ?? DEFAULT_IN_FLIGHT;
  const held: Array<() => void> = [];
  /** Batches running, or whose turn has come and that go out at the end of this tick. */
  let running = 0;
  /** A finished batch hands its turn to the next one waiting, or gives it back. */
  const next = () => {
    const dispatch = held.shift();
    if (dispatch) dispatch();
    else running -= 1;
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
        // A batch runs in the context of the load that opened it (its lane: background-work.ts).
        held.push(AsyncResource.bind(dispatch));
        if (running >= maxInFlight) return;
        running += 1;
        void Promise.resolve().then(() => process.nextTick(next));
      },
    },
  );
}
