import { describe, expect, it } from 'vitest';
import {
  orgStatusCache,
  STATUS_KEPT_MS,
  STATUS_REFRESHED_AFTER_MS,
  STATUS_STALE_SERVED_MS,
} from './org-status-cache.ts';

/** A cache on a clock the test moves, whose computations the test finishes one by one. */
function cacheUnderTest() {
  let clock = 0;
  const pending: { orgGuid: string; finish: (value: unknown) => void; fail: (error: Error) => void }[] = [];
  let computed = 0;
  const cache = orgStatusCache(
    (orgGuid) =>
      new Promise((resolve, reject) => {
        computed += 1;
        pending.push({ orgGuid, finish: resolve, fail: reject });
      }),
    () => clock,
  );
  const read = async (orgGuid = 'org-1') =>
    JSON.parse((await (await cache.answer(orgGuid)).body(null)).toString());
  return {
    cache,
    read,
    /** Finishes the oldest computation still running with `value`. */
    finish: (value: unknown) => pending.shift()!.finish(value),
    fail: () => pending.shift()!.fail(new Error('database gone')),
    get computed() {
      return computed;
    },
    get running() {
      return pending.length;
    },
    wait: (ms: number) => {
      clock += ms;
    },
  };
}

/** A cache that has computed and kept org-1's answer `{ online: 1 }`. */
async function withFirstAnswer() {
  const c = cacheUnderTest();
  const first = c.read();
  c.finish({ online: 1 });
  await first;
  return c;
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('an organization status answer kept for its callers', () => {
  it('is computed once for callers who ask at the same time, and kept while nothing changes', async () => {
    const c = cacheUnderTest();
    const both = Promise.all([c.read(), c.read()]);
    expect(c.running).toBe(1);
    c.finish({ online: 1 });
    expect(await both).toEqual([{ online: 1 }, { online: 1 }]);

    c.wait(STATUS_KEPT_MS - 1);
    expect(await c.read()).toEqual({ online: 1 });
    expect(c.computed).toBe(1);
  });

  it('is computed again once kept for STATUS_KEPT_MS, a change unheard (the live event dropped)', async () => {
    const c = await withFirstAnswer();
    c.wait(STATUS_KEPT_MS);
    const second = c.read();
    expect(c.running).toBe(1);
    c.finish({ online: 2 });
    expect(await second).toEqual({ online: 2 });
  });

  it('after a change, gives the answer it has for STATUS_STALE_SERVED_MS while the next is computed, then waits for it', async () => {
    const c = await withFirstAnswer();

    c.cache.changed('org-1');
    c.wait(STATUS_REFRESHED_AFTER_MS);
    c.wait(STATUS_STALE_SERVED_MS - STATUS_REFRESHED_AFTER_MS - 1);
    expect(await c.read()).toEqual({ online: 1 });
    expect(c.running).toBe(1);
    // The one computation serves the wait for it too.
    c.wait(1);
    const waiting = c.read();
    expect(c.running).toBe(1);
    c.finish({ online: 2 });
    expect(await waiting).toEqual({ online: 2 });
    expect(await c.read()).toEqual({ online: 2 });
    expect(c.computed).toBe(2);
  });

  it('after a change, computes the next answer only once the one it has is STATUS_REFRESHED_AFTER_MS old, however many ask', async () => {
    const c = await withFirstAnswer();
    c.cache.changed('org-1');
    for (let caller = 0; caller < 20; caller += 1) expect(await c.read()).toEqual({ online: 1 });
    c.wait(STATUS_REFRESHED_AFTER_MS - 1);
    expect(await c.read()).toEqual({ online: 1 });
    expect(c.computed).toBe(1);

    c.wait(1);
    for (let caller = 0; caller < 20; caller += 1) expect(await c.read()).toEqual({ online: 1 });
    expect(c.computed).toBe(2);
    c.finish({ online: 2 });
    await settled();
    expect(await c.read()).toEqual({ online: 2 });
    expect(c.computed).toBe(2);
  });

  it('never keeps as unchanged an answer begun before a change it was computing through', async () => {
    const c = cacheUnderTest();
    const first = c.read();
    c.cache.changed('org-1');
    c.finish({ online: 0 });
    expect(await first).toEqual({ online: 0 });
    c.wait(STATUS_STALE_SERVED_MS);
    const second = c.read();
    expect(c.running).toBe(1);
    c.finish({ online: 1 });
    expect(await second).toEqual({ online: 1 });
  });

  it('keeps each organization apart, and a change of one leaves the other kept', async () => {
    const c = cacheUnderTest();
    const one = c.read('org-1');
    c.finish({ org: 1 });
    const two = c.read('org-2');
    c.finish({ org: 2 });
    await Promise.all([one, two]);
    c.cache.changed('org-1');
    c.wait(STATUS_STALE_SERVED_MS);
    expect(await c.read('org-2')).toEqual({ org: 2 });
    expect(c.running).toBe(0);
    const again = c.read('org-1');
    expect(c.running).toBe(1);
    c.finish({ org: 1.5 });
    expect(await again).toEqual({ org: 1.5 });
  });

  it('compresses an answer replacing another as the other was asked for, before any caller waits for it', async () => {
    const c = await withFirstAnswer();
    await (await c.cache.answer('org-1')).body('br');
    c.cache.changed('org-1');
    c.wait(STATUS_STALE_SERVED_MS);
    const next = c.cache.answer('org-1');
    c.finish({ online: 2 });
    expect((await next).encodings).toEqual(['br']);
  });

  it('keeps no failure: the next caller computes again', async () => {
    const c = cacheUnderTest();
    const failed = c.read();
    c.fail();
    await expect(failed).rejects.toThrow('database gone');
    const retried = c.read();
    expect(c.running).toBe(1);
    c.finish({ online: 3 });
    expect(await retried).toEqual({ online: 3 });
  });

  it('keeps serving the answer it has when the computation replacing it fails', async () => {
    const c = await withFirstAnswer();
    c.cache.changed('org-1');
    c.wait(STATUS_REFRESHED_AFTER_MS);
    expect(await c.read()).toEqual({ online: 1 });
    c.fail();
    await settled();
    const retried = c.read();
    expect(c.running).toBe(1);
    c.finish({ online: 2 });
    expect(await retried).toEqual({ online: 1 });
  });
});
