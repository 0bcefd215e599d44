import type { FleetAlertTemplate } from '@ec/contract/fleet-templates';
import { alertConfigSchema } from '@ec/contract/shadow-documents/alerts';
import type { FleetAlertTemplateWithState } from './fleet-alert-rules.repository.ts';

export function presentFleetAlertTemplate(row: FleetAlertTemplateWithState): FleetAlertTemplate {
  return {
    alert_guid: row.alertGuid,
    fleet_guid: row.fleetGuid,
    type: row.type as FleetAlertTemplate['type'],
    name: row.name,
    label: row.label,
    category: 'fleet',
    config: alertConfigSchema.parse(row.config),
    alert_state: row.alarm ? 'ALARM' : 'OK',
    updated_at: row.updatedAt.toISOString(),
  };
}
