import { percentile, sleep, type startBenchConsole } from './bench-console.ts';

type Call = Awaited<ReturnType<typeof startBenchConsole>>['call'];

/** Milliseconds of each call, kept sorted at the end for percentiles. */
export class Timings {
  readonly values: number[] = [];
  /** Timings of values measured elsewhere. */
  static of(values: readonly number[]) {
    const timings = new Timings();
    timings.values.push(...values);
    return timings;
  }
  async time<T>(run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const value = await run();
    this.values.push(performance.now() - started);
    return value;
  }
  summary() {
    const sorted = [...this.values].sort((a, b) => a - b);
    if (sorted.length === 0) return { count: 0, p50: '–', p95: '–' };
    return {
      count: sorted.length,
      p50: `${percentile(sorted, 50).toFixed(1)} ms`,
      p95: `${percentile(sorted, 95).toFixed(1)} ms`,
    };
  }
}

/**
 * A person at the console while a fleet's announcement is stored: every `everyMs` the device list's
 * first page (as /devices asks for it) and the organization's status counts, one after the other, until
 * `stop` is called. What the budgets measure: people's reads go ahead of the ingest's writes.
 */
export function probePeople(call: Call, orgGuid: string, everyMs = 250) {
  const list = new Timings();
  const status = new Timings();
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await list.time(() => call('GET', '/devices?page_size=25', undefined, orgGuid));
      await status.time(() => call('GET', '/devices/status', undefined, orgGuid));
      await sleep(Math.max(0, everyMs - (performance.now() - started)));
    }
  })();
  return {
    list,
    status,
    async stop() {
      running = false;
      await done;
    },
  };
}

/**
 * Follows the console's ingest until the storm is over: every device online (as the API counts them)
 * and the server's backlog of device messages empty twice in a row, half a second apart.
 */
export async function waitForStormEnd(
  call: Call,
  base: string,
  orgGuid: string,
  deviceCount: number,
  onOnline: () => void,
  limitMs: number,
  /** Devices connected so far, as the bench's fleet counts them: in the progress lines. */
  connected: () => number,
) {
  const started = performance.now();
  let online = false;
  let onlineCount = 0;
  let emptyInARow = 0;
  let reported = 0;
  while (emptyInARow < 2) {
    const elapsed = performance.now() - started;
    if (elapsed > limitMs) throw new Error(`the storm lasted more than ${limitMs} ms`);
    if (!online) {
      onlineCount = (await call('GET', '/devices/status', undefined, orgGuid)).status.total_online;
      if (onlineCount === deviceCount) {
        online = true;
        onOnline();
      }
    }
    const ready = (await (await fetch(`${base}/health/ready`)).json()) as { ingest_backlog: number };
    emptyInARow = online && ready.ingest_backlog === 0 ? emptyInARow + 1 : 0;
    if (elapsed - reported >= 1000) {
      reported = elapsed;
      console.log(
        `${(elapsed / 1000).toFixed(1)} s: ${connected()} connected, ${onlineCount} online, backlog ${ready.ingest_backlog}`,
      );
    }
    await sleep(online ? 500 : 50);
  }
}
