import { describe, expect, it } from 'vitest';
import { inBackground, isBackgroundWork } from '../db/background-work.ts';
import { batchLoader } from './batch-loader.ts';

/** A loader whose batches finish when the test says so, recording the keys of each. */
function heldLoader(maxInFlight = 1) {
  const batches: number[][] = [];
  const finish: Array<(fail?: boolean) => void> = [];
  const loader = batchLoader<number, number>(
    (keys) => {
      batches.push([...keys]);
      return new Promise((resolve, reject) => {
        finish.push((fail) => (fail ? reject(new Error('refused')) : resolve(keys.map((key) => key * 10))));
      });
    },
    { maxBatchSize: 3, maxInFlight },
  );
  return { loader, batches, finish };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('batchLoader', () => {
  it('sends a batch at once when none is running, with the loads of the same tick', async () => {
    const { loader, batches, finish } = heldLoader();
    const answers = Promise.all([loader.load(1), loader.load(2)]);
    await settle();
    expect(batches).toEqual([[1, 2]]);
    finish[0]!();
    expect(await answers).toEqual([10, 20]);
  });

  it('gathers the loads that arrive while a batch runs into the next one, in batches of the largest size', async () => {
    const { loader, batches, finish } = heldLoader();
    const first = loader.load(1);
    await settle();
    const later = [2, 3, 4, 5].map((key) => loader.load(key));
    await settle();
    await settle();
    expect(batches).toEqual([[1]]);
    finish[0]!();
    expect(await first).toBe(10);
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish[1]!();
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    finish[2]!();
    expect(await Promise.all(later)).toEqual([20, 30, 40, 50]);
  });

  it('runs as many batches at once as it is allowed, the next waiting for one of them', async () => {
    const { loader, batches, finish } = heldLoader(2);
    const first = loader.load(1);
    await settle();
    const second = loader.load(2);
    await settle();
    const later = [3, 4].map((key) => loader.load(key));
    await settle();
    expect(batches).toEqual([[1], [2]]);
    finish[1]!();
    expect(await second).toBe(20);
    await settle();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    finish[0]!();
    finish[2]!();
    expect(await Promise.all([first, ...later])).toEqual([10, 30, 40]);
  });

  it('goes on with the next batch after one fails', async () => {
    const { loader, batches, finish } = heldLoader();
    const failed = loader.load(1);
    await settle();
    const next = loader.load(2);
    finish[0]!(true);
    await expect(failed).rejects.toThrow('refused');
    await settle();
    expect(batches).toEqual([[1], [2]]);
    finish[1]!();
    expect(await next).toBe(20);
  });

  it("gathers people's loads apart from background work's: a person's never waits behind its batch", async () => {
    const kinds: boolean[][] = [];
    let finishBackground = () => {};
    const loader = batchLoader<number, number>(
      async (keys) => {
        const background = isBackgroundWork();
        kinds.push(keys.map(() => background));
        if (background) await new Promise<void>((resolve) => (finishBackground = resolve));
        return keys;
      },
      { maxBatchSize: 10, maxInFlight: 1 },
    );
    const first = inBackground(() => loader.load(1));
    await settle();
    const more = inBackground(() => loader.load(2));
    // A person's load while background work's batch runs (and another waits): it goes out at once.
    expect(await loader.load(3)).toBe(3);
    finishBackground();
    await settle();
    finishBackground();
    expect(await Promise.all([first, more])).toEqual([1, 2]);
    expect(kinds).toEqual([[true], [false], [true]]);
  });
});
