import { useActiveAlerts } from '../../../lib/alerts/get-active-alerts';
import { AlertsTable } from './alerts-table';

/** Behind the Alerts tile: the active alerts the tile counts (neither resolved nor silenced). */
export function ActiveAlertsList() {
  return (
    <AlertsTable
      label="Alerts"
      lists={useActiveAlerts()}
      emptyText="No active alerts"
      paging={{ kind: 'client', pageSizes: [10, 25, 50, -1] }}
    />
  );
}
