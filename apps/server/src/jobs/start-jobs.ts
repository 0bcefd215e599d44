import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { DeviceCommandsService } from '../device-core/device-commands/device-commands.service.ts';
import type { ShadowService } from '../device-core/shadows/shadow.service.ts';
import type { AlertEngine } from '../features/alerts/alert-engine.ts';
import type { LicensesService } from '../features/entitlements/licenses.service.ts';
import type { MetricsRetention } from '../features/metrics/metrics-retention.ts';
import { pruneShadowHistory } from '../features/shadow-history/shadow-history-retention.ts';
import { sweepExpired } from './housekeeping.ts';

/** How often each job runs. Every server process runs every job: each is idempotent. */
export const JOB_INTERVALS_MS = {
  housekeeping: 60 * 60_000,
  shadowHistory: 60 * 60_000,
  commandTimeouts: 5_000,
  /** An alert shows within two seconds of its condition's hold ending. */
  dueAlerts: 1_000,
  /** A licence's devices lose what it granted within seconds of its expiry (decision 208). */
  licenseExpiry: 5_000,
};

/** The background work of a server process; `stop` cancels it (a run under way finishes). */
export function startJobs(deps: {
  db: Db;
  shadows: Pick<ShadowService, 'failOverdueCommands'>;
  deviceCommands: Pick<DeviceCommandsService, 'failOverdueDeviceCommands'>;
  alerts: Pick<AlertEngine, 'raiseDue'>;
  licenses: Pick<LicensesService, 'announceExpired'>;
  log: FastifyBaseLogger;
  /** Days the shadow version history keeps its versions (SHADOW_HISTORY_DAYS). */
  shadowHistoryDays: number;
  /** How long metrics are kept (METRICS_RAW_DAYS, METRICS_HOURLY_DAYS). */
  metricsRetention: MetricsRetention;
}) {
  const jobs: [name: string, everyMs: number, run: () => Promise<unknown>][] = [
    [
      'housekeeping',
      JOB_INTERVALS_MS.housekeeping,
      () => sweepExpired(deps.db, { metrics: deps.metricsRetention }),
    ],
    [
      'shadow history retention',
      JOB_INTERVALS_MS.shadowHistory,
      () => pruneShadowHistory(deps.db, { days: deps.shadowHistoryDays }),
    ],
    [
      'command timeouts',
      JOB_INTERVALS_MS.commandTimeouts,
      () =>
        Promise.all([deps.shadows.failOverdueCommands(), deps.deviceCommands.failOverdueDeviceCommands()]),
    ],
    ['due alerts', JOB_INTERVALS_MS.dueAlerts, () => deps.alerts.raiseDue()],
    ['licence expiry', JOB_INTERVALS_MS.licenseExpiry, () => deps.licenses.announceExpired()],
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
