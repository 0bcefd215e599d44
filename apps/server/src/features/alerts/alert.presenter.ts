import type { Alert } from '@ec/contract/alerts';
import type { AlertRow } from './alerts.repository.ts';

export function presentAlert(row: AlertRow): Alert {
  return {
    alert_guid: row.alertGuid,
    device_guid: row.deviceGuid,
    alert_type: row.alertType,
    type: row.type,
    name: row.name,
    label: row.label,
    category: row.category,
    alert_state: row.alertState,
    config: row.config,
    timestamp: row.timestamp.toISOString(),
    last_status_change: row.lastStatusChange?.toISOString() ?? null,
    resolved: row.resolved,
    silenced: row.silenced,
    silenced_toggled_by: row.silencedToggledBy,
    silenced_timestamp: row.silencedTimestamp?.toISOString() ?? null,
    closed_by: row.closedBy,
    legacy: row.legacy,
  };
}
