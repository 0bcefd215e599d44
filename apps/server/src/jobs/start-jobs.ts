import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { DeviceService } from '../device-core/device-service.ts';
import { pruneShadowHistory } from '../features/shadow-history/shadow-history-retention.ts';
import { sweepExpired } from './housekeeping.ts';

/** How often each job runs. Every server process runs every job: each is idempotent. */
export const JOB_INTERVALS_MS = {
  housekeeping: 60 * 60_000,
  shadowHistory: 60 * 60_000,
  commandTimeouts: 5_000,
};

/** The background work of a server process; `stop` cancels it (a run under way finishes). */
export function startJobs(deps: {
  db: Db;
  devices: DeviceService;
  log: FastifyBaseLogger;
  /** Days the shadow version history keeps its versions (SHADOW_HISTORY_DAYS). */
  shadowHistoryDays: number;
}) {
  const jobs: [name: string, everyMs: number, run: () => Promise<unknown>][] = [
    ['housekeeping', JOB_INTERVALS_MS.housekeeping, () => sweepExpired(deps.db)],
    [
      'shadow history retention',
      JOB_INTERVALS_MS.shadowHistory,
      () => pruneShadowHistory(deps.db, { days: deps.shadowHistoryDays }),
    ],
    [
      'command timeouts',
      JOB_INTERVALS_MS.commandTimeouts,
      () => Promise.all([deps.devices.failOverdueCommands(), deps.devices.failOverdueDeviceCommands()]),
    ],
  ];
  const timers = jobs.map(([name, everyMs, run]) => {
    let running = false;
    const timer = setInterval(() => {
      // A slow run is not stacked on: the next tick after it finishes runs again.
      if (running) return;
      running = true;
      run()
        .catch((error: unknown) => deps.log.warn({ err: error, job: name }, 'a background job failed'))
        .finally(() => {
          running = false;
        });
    }, everyMs);
    timer.unref();
    return timer;
  });
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
