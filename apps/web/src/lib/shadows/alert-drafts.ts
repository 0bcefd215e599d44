import {
  type AlertConfig,
  type AlertType,
  alertsSetSchema,
  alertsShadowStateSchema,
  type DeviceAlert,
} from '@ec/contract/shadow-documents/alerts';
import { zodIssues } from '@ec/contract/shadow-documents/fields';

/**
 * The Alerts tab's working copy (spec 3 §4.3): new and deleted alerts change only this list until Save.
 * A new alert has a local key until the device gives it an alert_guid.
 */
export interface AlertDraft {
  key: string;
  alert_guid?: string;
  type: AlertType;
  name: string;
  label: string;
  category: DeviceAlert['category'];
  fleet_guid?: string | null;
  alert_state?: string | null;
  config: AlertConfig;
}

/** The reported alerts as drafts; a document the contract cannot read gives no drafts. */
export function draftsOf(state: unknown): AlertDraft[] {
  const parsed = alertsShadowStateSchema.safeParse(state);
  if (!parsed.success) return [];
  return parsed.data.alerts.map((alert) => ({
    key: alert.alert_guid,
    alert_guid: alert.alert_guid,
    type: alert.type,
    name: alert.name,
    label: alert.label,
    category: alert.category,
    fleet_guid: alert.fleet_guid,
    alert_state: alert.alert_state,
    config: alert.config,
  }));
}

/** The set sent on Save: the whole list, each alert as the device knows it (a new one without a guid). */
export function alertsSetState(drafts: readonly AlertDraft[]) {
  return {
    alerts: drafts.map(({ key: _key, ...alert }) => alert),
  };
}

/**
 * A failed parse of a list body (`{alerts: [...]}`) as the contract's messages by the draft's key and
 * the field's path inside it; the fleet's alert list reads its own schema's issues the same way.
 */
export function issuesByDraft(
  drafts: readonly { key: string }[],
  issues: readonly { path: readonly (string | number)[]; message: string }[],
): Map<string, Map<string, string>> {
  const byAlert = new Map<string, Map<string, string>>();
  for (const issue of issues) {
    const [, index, ...field] = issue.path;
    const draft = typeof index === 'number' ? drafts[index] : undefined;
    if (!draft) continue;
    const fields = byAlert.get(draft.key) ?? new Map<string, string>();
    const path = field.join('.');
    if (!fields.has(path)) fields.set(path, issue.message);
    byAlert.set(draft.key, fields);
  }
  return byAlert;
}

/** The contract's messages for the working copy, by the draft's key and the field's path inside it. */
export function alertIssues(drafts: readonly AlertDraft[]): Map<string, Map<string, string>> {
  const parsed = alertsSetSchema.safeParse(alertsSetState(drafts));
  return parsed.success ? new Map() : issuesByDraft(drafts, zodIssues(parsed.error));
}

/** Whether the working copy differs from what the device reported. */
export const alertsChanged = (drafts: readonly AlertDraft[], reported: readonly AlertDraft[]) =>
  JSON.stringify(alertsSetState(drafts)) !== JSON.stringify(alertsSetState(reported));
