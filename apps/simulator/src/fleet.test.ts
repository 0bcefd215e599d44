import { describe, expect, it } from 'vitest';
import { type FleetMember, startAll } from './fleet.ts';

/** A member whose start settles when the test says so; it records how many run at once. */
function members(count: number, { failing, startMs = 1 }: { failing?: number; startMs?: number } = {}) {
  let running = 0;
  let most = 0;
  const stopped: number[] = [];
  const list: FleetMember[] = Array.from({ length: count }, (_, index) => ({
    async start() {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, startMs));
      running -= 1;
      if (index === failing) throw new Error(`device ${index} refused`);
    },
    async stop() {
      stopped.push(index);
    },
  }));
  return { list, most: () => most, stopped };
}

describe('startAll', () => {
  it('starts every device, at most `concurrency` at once, and tells each one started', async () => {
    const fleet = members(250);
    const progress: number[] = [];
    await startAll(fleet.list, { concurrency: 20, onProgress: (started) => progress.push(started) });
    expect(fleet.most()).toBe(20);
    expect(progress).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
  });

  it('starts them all at once unless told, a hundred per turn of the event loop', async () => {
    const fleet = members(250, { startMs: 200 });
    await startAll(fleet.list);
    expect(fleet.most()).toBe(250);
  });

  it('stops the fleet and throws the first refusal, starting no more', async () => {
    const fleet = members(50, { failing: 3 });
    await expect(startAll(fleet.list, { concurrency: 5 })).rejects.toThrow('device 3 refused');
    expect(fleet.stopped).toHaveLength(50);
  });
});
