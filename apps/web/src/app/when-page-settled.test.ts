import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, SETTLE_LIMIT_MS, whenPageSettled } from './when-page-settled';

describe('whenPageSettled', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
  });
  afterEach(() => vi.useRealTimers());

  /** A query that fetches until `answer` is called. */
  const fetching = () => {
    let answer = () => {};
    void client.prefetchQuery({
      queryKey: ['page', Math.random()],
      queryFn: () =>
        new Promise<number>((resolve) => {
          answer = () => resolve(1);
        }),
    });
    return () => answer();
  };

  it('waits for the page’s requests to answer and a quiet moment after them, then runs', async () => {
    const answer = fetching();
    const work = vi.fn();
    whenPageSettled(client, work);
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(work).not.toHaveBeenCalled();

    answer();
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    // Another request (the rows' next query) starts within the quiet moment: it waits for that one too.
    const answerNext = fetching();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(work).not.toHaveBeenCalled();

    answerNext();
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs at once on a page with nothing to fetch', async () => {
    const work = vi.fn();
    whenPageSettled(client, work);
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs after its limit on a page that keeps fetching, and only once', async () => {
    const answer = fetching();
    const work = vi.fn();
    whenPageSettled(client, work);
    await vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS);
    expect(work).toHaveBeenCalledOnce();

    answer();
    await vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS);
    expect(work).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled', async () => {
    const answer = fetching();
    const work = vi.fn();
    const cancel = whenPageSettled(client, work);
    cancel();
    answer();
    await vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS * 2);
    expect(work).not.toHaveBeenCalled();
  });
});
