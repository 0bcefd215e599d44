import type { OfflineAlertSettings } from '@ec/contract/alert-rules';
import type { AlertType } from '@ec/contract/alerts';
import {
  alertConfigSchema,
  alertSchema as deviceRuleSchema,
  type AlertType as RuleType,
  type ThresholdCondition,
} from '@ec/contract/shadow-documents/alerts';

/** What a rule watches: a device rule's or template's type, or the legacy Device Offline setting. */
export type RuleKind = RuleType | 'offline';

/** The legacy setting's rule id, and the only rule that is not a device's or a template's. */
export const OFFLINE_RULE_ID = 'offline';

/** Who hears of an alert of a rule, copied onto the alert when it is raised. */
export interface AlertRecipients {
  user_list: string[];
  email_list: string[];
  notify_on_close: boolean;
}

/** One enabled rule that applies to a device, with the fields its alerts carry. */
export interface AlertRule {
  /** The device rule's alert_guid, the template's guid, or OFFLINE_RULE_ID. */
  ruleId: string;
  kind: RuleKind;
  alertType: AlertType;
  name: string;
  label: string;
  category: string;
  legacy: boolean;
  threshold?: { value: number | string | boolean; condition: ThresholdCondition };
  notify: AlertRecipients;
}

export interface OrgTemplateRule {
  templateGuid: string;
  type: string;
  name: string;
  label: string;
  config: Record<string, unknown>;
}

/** A fleet's alert template (spec 2 §2.6 Alerts): judged for every device of the fleet. */
export interface FleetTemplateRule {
  alertGuid: string;
  type: string;
  name: string;
  label: string;
  config: Record<string, unknown>;
}

export interface DeviceRules {
  enabled: AlertRule[];
  /** Rules of the device's Alerts shadow that are there but turned off: their alerts close 'alert_disabled'. */
  disabledDeviceRuleIds: string[];
}

const recipientsOf = (config: AlertRecipients): AlertRecipients => ({
  user_list: config.user_list,
  email_list: config.email_list,
  notify_on_close: config.notify_on_close,
});

/**
 * The rules that apply to a device: the enabled rules of category device in its reported Alerts shadow
 * (fleet and org entries there are managed elsewhere), its organization's templates, the templates
 * of each fleet holding it, and the legacy Device Offline setting. An entry that does not parse is skipped, not fatal: the device wrote it.
 */
export function deviceAlertRules(input: {
  alertsShadow: unknown;
  templates: readonly OrgTemplateRule[];
  fleetTemplates?: readonly FleetTemplateRule[];
  offline: OfflineAlertSettings;
}): DeviceRules {
  const enabled: AlertRule[] = [];
  const disabledDeviceRuleIds: string[] = [];
  const entries = (input.alertsShadow as { alerts?: unknown } | null | undefined)?.alerts;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const parsed = deviceRuleSchema.safeParse(entry);
    if (!parsed.success || parsed.data.category !== 'device') continue;
    const rule = parsed.data;
    if (!rule.config.enabled) {
      disabledDeviceRuleIds.push(rule.alert_guid);
      continue;
    }
    enabled.push({
      ruleId: rule.alert_guid,
      kind: rule.type,
      alertType: 'device',
      name: rule.name,
      label: rule.label,
      category: 'device',
      legacy: false,
      threshold: { value: rule.config.threshold_value, condition: rule.config.threshold_condition },
      notify: recipientsOf(rule.config),
    });
  }
  const templates = [
    ...input.templates.map((template) => ({ ...template, ruleId: template.templateGuid, category: 'org' })),
    ...(input.fleetTemplates ?? []).map((template) => ({
      ...template,
      ruleId: template.alertGuid,
      category: 'fleet',
    })),
  ];
  for (const template of templates) {
    const config = alertConfigSchema.safeParse(template.config);
    if (!config.success || !config.data.enabled) continue;
    enabled.push({
      ruleId: template.ruleId,
      kind: template.type as RuleType,
      alertType: 'device',
      name: template.name,
      label: template.label,
      category: template.category,
      legacy: false,
      threshold: { value: config.data.threshold_value, condition: config.data.threshold_condition },
      notify: recipientsOf(config.data),
    });
  }
  if (input.offline.enabled) {
    enabled.push({
      ruleId: OFFLINE_RULE_ID,
      kind: 'offline',
      alertType: 'other',
      name: 'offline',
      label: 'Device Offline',
      category: 'legacy',
      legacy: true,
      notify: recipientsOf(input.offline),
    });
  }
  return { enabled, disabledDeviceRuleIds };
}

/** The rule a condition key belongs to: the key is the rule id, then ':' and the entry's id if any. */
export const ruleIdOf = (conditionKey: string) => conditionKey.split(':', 1)[0]!;
