import type { QueryClient } from '@tanstack/react-query';

/** How long the page must go without a request before it counts as settled (its rows drawn by then). */
export const QUIET_MS = 500;
/** However busy the page stays (a screen that polls), the work waits no longer than this. */
export const SETTLE_LIMIT_MS = 3000;

/**
 * Runs `work` once the page has had its data for a while (no query fetching for `QUIET_MS`) and the
 * browser is idle, or after `SETTLE_LIMIT_MS` at the latest. For what the page can do without at first:
 * started beside the page's first requests, its scripts queued before them on the browser's six
 * connections and its start-up held the main thread while the first rows were to be drawn. Answers a
 * cancel function.
 */
export function whenPageSettled(queryClient: QueryClient, work: () => void) {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  const limit = setTimeout(run, SETTLE_LIMIT_MS);
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: QUIET_MS });
    else run();
  };
  /** A request starting puts the quiet period off until every request has answered. */
  const watch = () => {
    clearTimeout(quiet);
    if (queryClient.isFetching() === 0) quiet = setTimeout(whenIdle, QUIET_MS);
  };
  const stopWatching = queryClient.getQueryCache().subscribe(watch);
  function cancel() {
    done = true;
    clearTimeout(limit);
    clearTimeout(quiet);
    stopWatching();
    if (idle !== undefined) cancelIdleCallback(idle);
  }
  watch();
  return cancel;
}
