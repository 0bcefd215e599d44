import { ALERT_HOLD_SECONDS } from '@ec/contract/alerts';
import type { ThresholdCondition } from '@ec/contract/shadow-documents/alerts';
import type { AlertRule, RuleKind } from './alert-rules.ts';

/** What one rule says of one thing it watches on a device (the device, one input, output or encoder). */
export interface ConditionReading {
  /** The rule id, then ':' and the entry's id for a rule that watches each input, output or encoder. */
  key: string;
  rule: AlertRule;
  holds: boolean;
  /** The value the rule was judged on. */
  observed: unknown;
  /** Since when it has held, when the reading knows better than "now" (the device went offline then). */
  since?: Date;
}

/** The rules judged on documents and the connection; metric rules are judged on each sample. */
export const STATE_RULE_KINDS: readonly RuleKind[] = ['inputs', 'outputs', 'encoders', 'offline'];

/** How long a condition of a rule must hold before it raises an alert, scaled by the server's setting. */
export const holdMsOf = (kind: RuleKind, scale: number) => ALERT_HOLD_SECONDS[kind] * 1000 * scale;

const numberOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
};
/** States compare as text without case: a template may say 'false' or 'running'. */
const sameValue = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

/** Whether an observed value breaches a threshold (spec 3 §3.6's four conditions). */
export function thresholdHolds(
  observed: unknown,
  condition: ThresholdCondition,
  threshold: number | string | boolean,
): boolean {
  if (condition === 'EqualTo') return sameValue(observed, threshold);
  if (condition === 'NotEqualTo') return !sameValue(observed, threshold);
  const [value, limit] = [numberOf(observed), numberOf(threshold)];
  if (value === undefined || limit === undefined) return false;
  return condition === 'GreaterThan' ? value > limit : value < limit;
}

/** Metric rules on one sample: a rule whose metric is not in the sample says nothing this time. */
export function evaluateMetricRules(
  rules: readonly AlertRule[],
  readings: readonly { metricName: string; value: number }[],
): ConditionReading[] {
  const values = new Map(readings.map((reading) => [reading.metricName, reading.value]));
  return rules.flatMap((rule) => {
    const value = values.get(rule.name);
    if (rule.kind !== 'metric' || value === undefined || !rule.threshold) return [];
    const holds = thresholdHolds(value, rule.threshold.condition, rule.threshold.value);
    return [{ key: rule.ruleId, rule, holds, observed: value }];
  });
}

type Entry = Record<string, unknown> & { id?: unknown; config?: Record<string, unknown> };

const entriesOf = (document: unknown, listKey: string): Entry[] => {
  const list = (document as Record<string, unknown> | undefined)?.[listKey];
  return Array.isArray(list)
    ? list.filter((entry): entry is Entry => typeof entry === 'object' && !!entry)
    : [];
};

/** An output's status code reads RUNNING while it streams: STREAM_RUNNING is running too (spec 2 §4.1). */
const outputCode = (output: Entry) => {
  const code = (output.status as { status_code?: unknown } | null | undefined)?.status_code;
  return code === 'STREAM_RUNNING' ? 'RUNNING' : code;
};

/**
 * The entries a state rule watches and the value of the field it names: every input; outputs that are
 * enabled (a disabled one has no status); encoders the configuration keeps active (an active encoder
 * without input reports NO_INPUT, which is the error to tell about). An entry without the value is not
 * judged.
 */
const WATCHED: Record<
  'inputs' | 'outputs' | 'encoders',
  {
    listKey: string;
    noun: string;
    watches: (entry: Entry) => boolean;
    value: (entry: Entry, field: string) => unknown;
  }
> = {
  inputs: { listKey: 'inputs', noun: 'Input', watches: () => true, value: (entry, field) => entry[field] },
  outputs: {
    listKey: 'outputs',
    noun: 'Output',
    watches: (entry) => entry.config?.enable === true,
    value: (entry, field) => (field === 'status_code' ? outputCode(entry) : entry[field]),
  },
  encoders: {
    listKey: 'encoders',
    noun: 'Encoder',
    watches: (entry) => entry.config?.active !== false,
    value: (entry, field) => entry[field],
  },
};

export interface DeviceStateForAlerts {
  documents: { Inputs?: unknown; Outputs?: unknown; Encoders?: unknown };
  online: boolean;
  /** When the connection last changed: an offline device has been offline since then. */
  onlineChangedAt: Date | null;
}

/**
 * The state rules on a device's reported documents and connection. Every condition of these rules is
 * answered: one that is not among the readings (an output removed or disabled) no longer holds.
 */
export function evaluateStateRules(
  rules: readonly AlertRule[],
  state: DeviceStateForAlerts,
): ConditionReading[] {
  return rules.flatMap((rule): ConditionReading[] => {
    if (rule.kind === 'offline')
      return [
        {
          key: rule.ruleId,
          rule,
          holds: !state.online,
          observed: state.online ? 'online' : 'offline',
          ...(!state.online && state.onlineChangedAt && { since: state.onlineChangedAt }),
        },
      ];
    if (rule.kind === 'metric' || !rule.threshold) return [];
    const watched = WATCHED[rule.kind];
    const document =
      state.documents[rule.kind === 'inputs' ? 'Inputs' : rule.kind === 'outputs' ? 'Outputs' : 'Encoders'];
    const threshold = rule.threshold;
    return entriesOf(document, watched.listKey).flatMap((entry) => {
      const observed = watched.value(entry, rule.name);
      if (!watched.watches(entry) || observed === undefined || observed === null || entry.id === undefined)
        return [];
      return [
        {
          key: `${rule.ruleId}:${String(entry.id)}`,
          rule,
          holds: thresholdHolds(observed, threshold.condition, threshold.value),
          observed,
        },
      ];
    });
  });
}

/** What a condition concerns beyond the device, for people: 'Output 2' for an output rule's key `{rule}:2`. */
export function conditionSubject(kind: string, conditionKey: string): string | null {
  const separator = conditionKey.indexOf(':');
  if (separator < 0 || !(kind in WATCHED)) return null;
  return `${WATCHED[kind as keyof typeof WATCHED].noun} ${conditionKey.slice(separator + 1)}`;
}
