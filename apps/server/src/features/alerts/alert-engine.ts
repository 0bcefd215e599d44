import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import type { DeviceDomainEvent, DeviceEventBus } from '../../shared/device-event-bus.ts';
import { createAlertActions } from './alert-actions.ts';
import {
  type ConditionReading,
  evaluateMetricRules,
  evaluateStateRules,
  holdMsOf,
  STATE_RULE_KINDS,
} from './alert-conditions.ts';
import { alertEngineRepository } from './alert-engine.repository.ts';
import { deviceAlertRules } from './alert-rules.ts';
import type { AlertRow } from './alerts.repository.ts';

type AlertChange = Extract<DeviceDomainEvent, { type: 'device.alert' }>['change'];

/** The documents whose reports change what the state rules see, or the rules themselves. */
const WATCHED_SHADOWS = new Set(['Alerts', 'Inputs', 'Outputs', 'Encoders']);

type Trigger =
  | { kind: 'metrics'; readings: readonly { metricName: string; value: number }[] }
  | { kind: 'state' };

export type AlertEngine = ReturnType<typeof startAlertEngine>;

/**
 * The alert engine of a server process (decisions: alerts on the server). It judges a device's rules
 * when something they watch changes (a metrics sample, a reported document, the connection, the rules
 * themselves), keeps each condition that holds in alert_conditions with the time its alert is due,
 * raises it when due (at once for a metric, by the 1 s job for a hold), resolves it when the condition
 * clears, and closes the alerts of rules that no longer apply. Every change is told on the bus
 * ('device.alert'), where the live channel and the e-mails (alert-mails.ts) listen. Every process
 * runs one; the database keeps them from raising twice.
 */
export function startAlertEngine(deps: {
  db: Db;
  bus: DeviceEventBus;
  /** Writes the alerts raised and resolved in the devices' events. */
  devices: Pick<DeviceService, 'recordAlerts'>;
  /** ALERT_HOLD_SCALE: how long conditions must hold, as a share of ALERT_HOLD_SECONDS. */
  holdScale: number;
  log: FastifyBaseLogger;
}) {
  const repository = alertEngineRepository(deps.db);
  /** Work started by events and not waited for by anyone: stop() waits for it. */
  const pending = new Set<Promise<unknown>>();
  /** Each device's evaluations run one after another in this process, in the order of its events. */
  const queues = new Map<string, Promise<void>>();

  const track = (work: Promise<unknown>, what: string) => {
    const tracked = work.catch((error: unknown) => deps.log.error({ err: error }, `alerts: ${what} failed`));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
    return tracked;
  };

  const emit = (alert: AlertRow, change: AlertChange, observed?: unknown) => {
    if (!alert.deviceGuid) return;
    deps.bus.emit({
      type: 'device.alert',
      deviceGuid: alert.deviceGuid,
      orgGuid: alert.orgGuid,
      alertGuid: alert.alertGuid,
      alertType: alert.alertType,
      change,
      ...(change === 'raised' ? { observed } : {}),
    });
  };

  async function raise(deviceGuid?: string) {
    const raised = await repository.raiseDue(deps.devices.recordAlerts, deviceGuid);
    for (const { alert, observed } of raised) {
      emit(alert, 'raised', observed);
    }
    return raised.length;
  }

  async function evaluate(deviceGuid: string, trigger: Trigger) {
    const judged = await repository.judgeDevice(
      deviceGuid,
      (device) => {
        const rules = deviceAlertRules(device);
        const readings: ConditionReading[] =
          trigger.kind === 'metrics'
            ? evaluateMetricRules(rules.enabled, trigger.readings)
            : evaluateStateRules(rules.enabled, device);
        return {
          deviceGuid,
          orgGuid: device.orgGuid,
          readings: readings.map((reading) => ({
            ...reading,
            holdMs: holdMsOf(reading.rule.kind, deps.holdScale),
          })),
          completeRuleIds:
            trigger.kind === 'state'
              ? rules.enabled
                  .filter((rule) => STATE_RULE_KINDS.includes(rule.kind))
                  .map((rule) => rule.ruleId)
              : [],
          enabledRuleIds: rules.enabled.map((rule) => rule.ruleId),
          disabledDeviceRuleIds: rules.disabledDeviceRuleIds,
        };
      },
      deps.devices.recordAlerts,
    );
    if (!judged) return;
    const { closed, resolved } = judged;
    for (const alert of closed) emit(alert, 'closed');
    for (const alert of resolved) {
      emit(alert, 'resolved');
    }
    await raise(deviceGuid);
  }

  function serialized(deviceGuid: string, work: () => Promise<void>) {
    const next = (queues.get(deviceGuid) ?? Promise.resolve()).then(work);
    const settled = track(next, `judging device ${deviceGuid}`).then(() => {
      if (queues.get(deviceGuid) === settled) queues.delete(deviceGuid);
    });
    queues.set(deviceGuid, settled);
    return settled;
  }

  const judge = (deviceGuid: string, trigger: Trigger) =>
    serialized(deviceGuid, () => evaluate(deviceGuid, trigger));

  const stops = [
    deps.bus.on('device.metrics', (event) =>
      judge(event.deviceGuid, { kind: 'metrics', readings: event.readings }),
    ),
    deps.bus.on('shadow.reported', (event) => {
      if (WATCHED_SHADOWS.has(event.shadowName)) judge(event.deviceGuid, { kind: 'state' });
    }),
    deps.bus.on('device.connection', (event) => judge(event.deviceGuid, { kind: 'state' })),
    deps.bus.on('device.adopted', (event) => judge(event.deviceGuid, { kind: 'state' })),
    deps.bus.on('device.forgotten', (event) =>
      serialized(event.deviceGuid, async () => {
        for (const alert of await repository.closeAllOfDevice(event.deviceGuid)) emit(alert, 'closed');
      }),
    ),
  ];

  return {
    /** The job's work (every second, in every process): raise every alert whose hold has ended. */
    raiseDue: () => raise(),

    /** An organization's templates or settings changed: each of its devices is judged again. */
    reevaluateOrg(orgGuid: string) {
      return track(
        repository
          .devicesOf(orgGuid)
          .then((guids) => Promise.all(guids.map((guid) => judge(guid, { kind: 'state' })))),
        `judging organization ${orgGuid}`,
      );
    },

    /** What people do to an alert: silence, unsilence, close. */
    actions: createAlertActions({ db: deps.db, emit }),

    /** Stops listening and waits for the work under way. */
    async stop() {
      for (const stop of stops) stop();
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
