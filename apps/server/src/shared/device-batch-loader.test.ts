import { describe, expect, it } from 'vitest';
import { deviceBatchLoader, roundsByDevice } from './device-batch-loader.ts';

describe('roundsByDevice', () => {
  it('puts each device once in a round and keeps its messages in order', () => {
    const items = [
      { deviceGuid: 'a', n: 1 },
      { deviceGuid: 'b', n: 2 },
      { deviceGuid: 'a', n: 3 },
      { deviceGuid: 'a', n: 4 },
    ];
    expect(roundsByDevice(items).map((round) => round.map((item) => item.n))).toEqual([[1, 2], [3], [4]]);
  });
});

describe('deviceBatchLoader', () => {
  it('writes the loads of one tick together and answers each with its device organization', async () => {
    const batches: string[][] = [];
    const loader = deviceBatchLoader<{ deviceGuid: string }>(async (batch) => {
      batches.push(batch.map((item) => item.deviceGuid));
      return new Map<string, string | null>([
        ['a', 'org-1'],
        ['b', null],
      ]);
    });
    const answers = await Promise.all(
      ['a', 'b', 'unknown', 'a'].map((deviceGuid) => loader.load({ deviceGuid })),
    );
    expect(batches).toEqual([['a', 'b', 'unknown'], ['a']]);
    expect(answers).toEqual([{ orgGuid: 'org-1' }, { orgGuid: null }, undefined, { orgGuid: 'org-1' }]);
  });

  it('writes at most maxBatchSize items in one statement, the rest in the statements after it', async () => {
    const sizes: number[] = [];
    const loader = deviceBatchLoader<{ deviceGuid: string }>(
      async (batch) => {
        sizes.push(batch.length);
        return new Map(batch.map((item) => [item.deviceGuid, 'org-1']));
      },
      { maxBatchSize: 40 },
    );
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => loader.load({ deviceGuid: `device-${i}` })),
    );
    expect(sizes).toEqual([40, 40, 20]);
    expect(answers.every((answer) => answer?.orgGuid === 'org-1')).toBe(true);
  });
});
