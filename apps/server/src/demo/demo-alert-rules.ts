import { ORG_ALERT_TEMPLATES_MAX, type OrgAlertTemplateBody } from '@ec/contract/alert-rules';
import { PREDEFINED_DEVICE_ALERTS } from '@ec/contract/shadow-documents/alerts';
import type { Db } from '../db/database.ts';
import { orgAlertRulesRepository } from '../features/alerts/org-alert-rules.repository.ts';

/**
 * What the demo organization watches on every encoder beside the rules each encoder ships with (High
 * Temperature, High Memory, Output Error: the simulator's Alerts shadow): its encoders' status and a
 * CPU running flat out.
 */
const TEMPLATES: OrgAlertTemplateBody[] = [
  {
    type: 'metric',
    name: 'cpu_percent_used',
    label: 'High CPU Utilization',
    config: { enabled: true, threshold_value: 90, threshold_condition: 'GreaterThan' },
  },
  ...PREDEFINED_DEVICE_ALERTS.filter((alert) => alert.name === 'status').map((alert) => ({
    type: alert.type,
    name: alert.name,
    label: alert.label,
    config: {
      enabled: true,
      threshold_value: alert.threshold_value,
      threshold_condition: alert.threshold_condition,
    },
  })),
];

/**
 * The demo's organization alert rules: its templates and the legacy Device Offline setting, each
 * e-mailing the admin (to the log unless SMTP_URL is set).
 */
export async function seedDemoAlertRules(db: Db, orgGuid: string, adminGuid: string) {
  const rules = orgAlertRulesRepository(db);
  const notify = { notify_on_close: true, user_list: [adminGuid], email_list: [] };
  for (const template of TEMPLATES)
    await rules.createTemplate(
      orgGuid,
      { ...template, config: { ...template.config, ...notify } },
      adminGuid,
      ORG_ALERT_TEMPLATES_MAX,
    );
  await rules.saveSettings(orgGuid, { offline: { enabled: true, ...notify } }, adminGuid);
}

/** How hot the demo's first encoder runs: above the High Temperature threshold (80). */
export const DEMO_HOT_TEMPERATURE = 86;
