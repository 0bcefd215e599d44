import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import type { DeviceDomainEvent, DeviceEventBus } from '../../shared/device-event-bus.ts';
import { serialRunner } from '../../shared/serial-runner.ts';
import { createAlertActions } from './alert-actions.ts';
import {
  type ConditionReading,
  evaluateMetricRules,
  evaluateStateRules,
  holdMsOf,
  STATE_RULE_KINDS,
} from './alert-conditions.ts';
import { alertEngineRepository, type Evaluation, type JudgedDevice } from './alert-engine.repository.ts';
import { deviceAlertRules } from './alert-rules.ts';
import type { AlertRow } from './alerts.repository.ts';

type AlertChange = Extract<DeviceDomainEvent, { type: 'device.alert' }>['change'];

/** The documents whose reports change what the state rules see, or the rules themselves. */
const WATCHED_SHADOWS = new Set(['Alerts', 'Inputs', 'Outputs', 'Encoders']);

/** Devices judged together in one transaction at most. */
const MAX_BATCH_DEVICES = 200;
/**
 * A batch that follows another waits until this long after the other started, unless a full one is
 * waiting: a quiet console judges at once, and under a fleet's storm the triggers of a device's
 * announcement (its connection, then four documents) are judged together in batches of up to
 * MAX_BATCH_DEVICES (3.9 judgements a device instead of 4.9, decision 267).
 */
const BATCH_SPACING_MS = 100;

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
  /**
   * What each device waits to be judged on, in the order of its events. A batch takes each waiting
   * device's first trigger, so a device's judgements keep their order and a fleet that connects at
   * once is judged in a few statements rather than a dozen per device.
   */
  const waiting = new Map<string, Trigger[]>();

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

  async function raise(deviceGuids?: readonly string[]) {
    const raised = await repository.raiseDue(deps.devices.recordAlerts, deviceGuids);
    for (const { alert, observed } of raised) {
      emit(alert, 'raised', observed);
    }
    return raised.length;
  }

  function evaluation(device: JudgedDevice, trigger: Trigger): Evaluation {
    const rules = deviceAlertRules(device);
    const readings: ConditionReading[] =
      trigger.kind === 'metrics'
        ? evaluateMetricRules(rules.enabled, trigger.readings)
        : evaluateStateRules(rules.enabled, device);
    return {
      deviceGuid: device.deviceGuid,
      orgGuid: device.orgGuid,
      readings: readings.map((reading) => ({
        ...reading,
        holdMs: holdMsOf(reading.rule.kind, deps.holdScale),
      })),
      completeRuleIds:
        trigger.kind === 'state'
          ? rules.enabled.filter((rule) => STATE_RULE_KINDS.includes(rule.kind)).map((rule) => rule.ruleId)
          : [],
      enabledRuleIds: rules.enabled.map((rule) => rule.ruleId),
      disabledDeviceRuleIds: rules.disabledDeviceRuleIds,
    };
  }

  /** Judges each device of the batch on its trigger, then raises what became due at once. */
  async function judgeBatch(batch: ReadonlyMap<string, Trigger>) {
    const deviceGuids = [...batch.keys()];
    const { closed, resolved } = await repository.judgeDevices(
      deviceGuids,
      (device) => evaluation(device, batch.get(device.deviceGuid)!),
      deps.devices.recordAlerts,
    );
    for (const alert of closed) emit(alert, 'closed');
    for (const alert of resolved) emit(alert, 'resolved');
    await raise(deviceGuids);
  }

  let lastBatchAt = Number.NEGATIVE_INFINITY;
  async function judgeWaiting() {
    while (waiting.size > 0) {
      const early = lastBatchAt + BATCH_SPACING_MS - performance.now();
      if (early > 0 && waiting.size < MAX_BATCH_DEVICES) await sleep(early);
      lastBatchAt = performance.now();
      const batch = new Map<string, Trigger>();
      for (const [deviceGuid, triggers] of waiting) {
        if (batch.size === MAX_BATCH_DEVICES) break;
        batch.set(deviceGuid, triggers.shift()!);
        if (triggers.length === 0) waiting.delete(deviceGuid);
      }
      try {
        await judgeBatch(batch);
      } catch (error) {
        const [first] = batch.keys();
        // Alone already, it is told, and the devices that wait behind it are judged all the same.
        if (batch.size === 1) deps.log.error({ err: error }, `alerts: judging device ${first} failed`);
        // One device's judgement must not cost the others theirs: each is judged again alone.
        else
          for (const [deviceGuid, trigger] of batch)
            await track(judgeBatch(new Map([[deviceGuid, trigger]])), `judging device ${deviceGuid}`);
      }
    }
  }
  /** The batches, one after another, until nothing waits. */
  const judging = serialRunner(judgeWaiting, (error) =>
    deps.log.error({ err: error }, 'alerts: judging devices failed'),
  );

  /** Puts a device's trigger in line and answers when everything waiting has been judged. */
  function judge(deviceGuid: string, trigger: Trigger) {
    const triggers = waiting.get(deviceGuid) ?? [];
    // A state judgement reads the device as it is when judged: one waiting covers the next.
    if (trigger.kind !== 'state' || triggers.at(-1)?.kind !== 'state') triggers.push(trigger);
    waiting.set(deviceGuid, triggers);
    return judging.kick();
  }

  /** Closes the alerts of a forgotten device, after what it waited to be judged on. */
  async function closeAllOfDevice(deviceGuid: string) {
    await judging.idle();
    for (const alert of await repository.closeAllOfDevice(deviceGuid)) emit(alert, 'closed');
  }

  const stops = [
    deps.bus.on('device.metrics', (event) =>
      judge(event.deviceGuid, { kind: 'metrics', readings: event.readings }),
    ),
    deps.bus.on('shadow.reported', (event) => {
      if (WATCHED_SHADOWS.has(event.shadowName)) judge(event.deviceGuid, { kind: 'state' });
    }),
    deps.bus.on('device.connection', (event) => judge(event.deviceGuid, { kind: 'state' })),
    deps.bus.on('device.adopted', (event) => judge(event.deviceGuid, { kind: 'state' })),
    // Added to a fleet, its templates apply; removed, their alerts close.
    deps.bus.on('device.fleet', (event) => judge(event.deviceGuid, { kind: 'state' })),
    deps.bus.on('device.forgotten', (event) => {
      track(closeAllOfDevice(event.deviceGuid), `closing the alerts of device ${event.deviceGuid}`);
    }),
  ];

  return {
    /** The job's work (every second, in every process): raise every alert whose hold has ended. */
    raiseDue: () => raise(),

    /** A fleet's templates changed: each of these devices (the fleet's) is judged again. */
    reevaluateDevices(deviceGuids: readonly string[], what: string) {
      return track(
        Promise.all(deviceGuids.map((guid) => judge(guid, { kind: 'state' }))),
        `judging the devices of ${what}`,
      );
    },

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
      await judging.idle();
    },
  };
}
