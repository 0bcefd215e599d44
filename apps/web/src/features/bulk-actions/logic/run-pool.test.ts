import { describe, expect, it } from 'vitest';
import { runPool } from './run-pool';

describe('runPool', () => {
  it('works on at most `limit` items at once, in order, and every item gets its turn', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, item % 2 ? 5 : 1));
      running--;
    });
    expect(most).toBe(3);
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('goes on after an item throws', async () => {
    const done: number[] = [];
    await runPool([1, 2, 3], 1, async (item) => {
      if (item === 1) throw new Error('device 1 failed');
      done.push(item);
    });
    expect(done).toEqual([2, 3]);
  });

  it('starts nothing new once aborted', async () => {
    const abort = new AbortController();
    const done: number[] = [];
    await runPool(
      [1, 2, 3],
      1,
      async (item) => {
        done.push(item);
        abort.abort();
      },
      abort.signal,
    );
    expect(done).toEqual([1]);
  });
});
