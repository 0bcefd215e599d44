import { z } from 'zod';
import { emailSchema } from '../auth.ts';
import { inputText, TEXT_LIMITS } from '../common.ts';
import { entriesOf, issue, NUMBER_MESSAGE, type ShadowIssue, type ShadowSetContext } from './fields.ts';

/** Alerts shadow (spec 3 §3.6, §4.3, §9): the device's alert rules and their states. */
export const ALERT_TYPES = ['metric', 'inputs', 'outputs', 'encoders'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_CATEGORIES = ['device', 'fleet', 'org'] as const;
export const THRESHOLD_CONDITIONS = ['GreaterThan', 'LessThan', 'EqualTo', 'NotEqualTo'] as const;
export type ThresholdCondition = (typeof THRESHOLD_CONDITIONS)[number];

/** A new alert's config (spec 3 §4.3): enabled, threshold 90, GreaterThan, notify on close. */
export const ALERT_CONFIG_DEFAULTS = {
  enabled: true,
  threshold_value: 90,
  threshold_condition: 'GreaterThan',
  notify_on_close: true,
  user_list: [],
  email_list: [],
} as const;

/** The predefined device alerts and their default thresholds (spec 3 §3.6; offline stays legacy). */
export const PREDEFINED_DEVICE_ALERTS: readonly {
  name: string;
  label: string;
  type: AlertType;
  threshold_value: number | string | boolean;
  threshold_condition: ThresholdCondition;
}[] = [
  {
    name: 'thermal_system_temp_current',
    label: 'High Temperature',
    type: 'metric',
    threshold_value: 80,
    threshold_condition: 'GreaterThan',
  },
  {
    name: 'memory_system_percent_used',
    label: 'High Memory Utilization',
    type: 'metric',
    threshold_value: 90,
    threshold_condition: 'GreaterThan',
  },
  {
    name: 'filesystem_userdata_percent_used',
    label: 'High Filesystem Utilization',
    type: 'metric',
    threshold_value: 90,
    threshold_condition: 'GreaterThan',
  },
  {
    name: 'video_input_format',
    label: 'Undefined Input Video Format',
    type: 'inputs',
    threshold_value: 'FORMAT_UNDEFINED',
    threshold_condition: 'EqualTo',
  },
  {
    name: 'audio_input_detected',
    label: 'Undefined Audio Format',
    type: 'inputs',
    threshold_value: false,
    threshold_condition: 'EqualTo',
  },
  {
    name: 'status_code',
    label: 'Output Error',
    type: 'outputs',
    threshold_value: 'RUNNING',
    threshold_condition: 'NotEqualTo',
  },
  {
    name: 'status',
    label: 'Encoder Error',
    type: 'encoders',
    threshold_value: 'RUNNING',
    threshold_condition: 'NotEqualTo',
  },
];

export const ALERT_TYPE_REQUIRED = 'Type is required';
export const ALERT_NAME_REQUIRED = 'Name is required';
export const ALERT_LABEL_REQUIRED = 'Label is required';
export const THRESHOLD_REQUIRED = 'Threshold value is required';

const thresholdValueSchema = z.union([z.number(), inputText(TEXT_LIMITS.short), z.boolean()], {
  error: THRESHOLD_REQUIRED,
});

export const alertConfigSchema = z.object({
  enabled: z.boolean().default(ALERT_CONFIG_DEFAULTS.enabled),
  threshold_value: thresholdValueSchema,
  threshold_condition: z.enum(THRESHOLD_CONDITIONS).default(ALERT_CONFIG_DEFAULTS.threshold_condition),
  notify_on_close: z.boolean().default(ALERT_CONFIG_DEFAULTS.notify_on_close),
  user_list: z.array(inputText(TEXT_LIMITS.short)).default([]),
  email_list: z.array(emailSchema).default([]),
});

const optionalText = z.string().nullable().optional();

const alertShape = {
  alert_guid: z.string().min(1),
  type: z.enum(ALERT_TYPES, {
    error: (problem) =>
      problem.input === undefined ? ALERT_TYPE_REQUIRED : `Type must be one of ${ALERT_TYPES.join(', ')}`,
  }),
  name: inputText(TEXT_LIMITS.short, { error: ALERT_NAME_REQUIRED }).min(1, ALERT_NAME_REQUIRED),
  label: inputText(TEXT_LIMITS.short, { error: ALERT_LABEL_REQUIRED }).min(1, ALERT_LABEL_REQUIRED),
  category: z.enum(ALERT_CATEGORIES).default('device'),
  fleet_guid: optionalText,
  org_guid: optionalText,
  template_guid: optionalText,
  alert_state: optionalText,
  config: alertConfigSchema,
  timestamp: optionalText,
  resolved: z.boolean().optional(),
  silenced: z.boolean().optional(),
  silenced_toggled_by: optionalText,
  silenced_timestamp: optionalText,
};

/** What identifies a rule, with its messages: an organization's alert templates take the same. */
export const alertRuleFields = { type: alertShape.type, name: alertShape.name, label: alertShape.label };

export function metricThresholdIsNumber(
  alert: { type: AlertType; config: { threshold_value: unknown } },
  ctx: z.RefinementCtx,
) {
  if (alert.type === 'metric' && typeof alert.config.threshold_value !== 'number')
    ctx.addIssue({ code: 'custom', path: ['config', 'threshold_value'], message: NUMBER_MESSAGE });
}

/** Type, name and label are required; a metric alert's threshold is a number (spec 3 §5). */
export const alertSchema = z.object(alertShape).superRefine(metricThresholdIsNumber);
export type DeviceAlert = z.infer<typeof alertSchema>;

export const alertsShadowStateSchema = z.object({ alerts: z.array(alertSchema) });
export type AlertsShadowState = z.infer<typeof alertsShadowStateSchema>;

/** A set sends the whole list (spec 3 §4.1); a new alert has no guid yet. */
export const alertsSetSchema = z.object({
  alerts: z.array(
    z
      .object({ ...alertShape, alert_guid: z.string().min(1).optional() })
      .superRefine(metricThresholdIsNumber),
  ),
});

export const ALERT_CATEGORY_FIXED_MESSAGE =
  "An alert's category cannot be changed: fleet and org alerts are managed elsewhere.";

/**
 * Alerts rules beyond the schema (spec 3 §2.6, §6): an alert the device has keeps its category, so a
 * device alert never becomes a fleet or org one, nor the reverse. Judged against the reported Alerts
 * document; without it, not judged.
 */
export function alertsSetIssues(state: unknown, context: ShadowSetContext): ShadowIssue[] {
  const reported = new Map(
    entriesOf(context.documents?.Alerts, 'alerts').map((alert) => [alert.alert_guid, alert.category]),
  );
  return entriesOf(state, 'alerts').flatMap((alert, index) => {
    if (typeof alert.alert_guid !== 'string' || !reported.has(alert.alert_guid)) return [];
    const before = reported.get(alert.alert_guid) ?? 'device';
    return (alert.category ?? 'device') === before
      ? []
      : [issue(['alerts', index, 'category'], ALERT_CATEGORY_FIXED_MESSAGE)];
  });
}

/** An alert's config as the device keeps it. */
export type AlertConfig = z.output<typeof alertConfigSchema>;

/**
 * The config an alert of a type starts from when its type is chosen or changed (spec 3 §4.3): the
 * type's predefined threshold (a metric's is the generic 90, greater than), disabled until the user
 * turns it on.
 */
export function alertConfigForType(type: AlertType): AlertConfig {
  const predefined =
    type === 'metric' ? undefined : PREDEFINED_DEVICE_ALERTS.find((alert) => alert.type === type);
  return {
    ...ALERT_CONFIG_DEFAULTS,
    user_list: [],
    email_list: [],
    enabled: false,
    ...(predefined && {
      threshold_value: predefined.threshold_value,
      threshold_condition: predefined.threshold_condition,
    }),
  };
}

/** A new alert of the device (spec 3 §4.3): a predefined one starts disabled, a custom one enabled. */
export function newDeviceAlert(input: { type: AlertType; name: string; label: string }) {
  const predefined = PREDEFINED_DEVICE_ALERTS.find(
    (alert) => alert.name === input.name && alert.type === input.type,
  );
  const config: AlertConfig = predefined
    ? {
        ...alertConfigForType(input.type),
        threshold_value: predefined.threshold_value,
        threshold_condition: predefined.threshold_condition,
      }
    : { ...ALERT_CONFIG_DEFAULTS, user_list: [], email_list: [] };
  return { ...input, category: 'device' as const, config };
}

/** The state column (spec 3 §2.6): ok, no state yet, or the alert is active. */
export function alertStateOf(alert: { alert_state?: string | null }): 'ok' | 'unknown' | 'active' {
  if (!alert.alert_state) return 'unknown';
  return alert.alert_state.toLowerCase() === 'ok' ? 'ok' : 'active';
}
