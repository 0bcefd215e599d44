import { useUnresolvedAlerts } from '../api/get-unresolved-alerts';
import { AlertsTable } from './alerts-table';

/**
 * The dashboard's Active Alerts table (spec 2 §2.2): unresolved alerts, newest first, up to 1000 rows.
 * A few alerts are usually active: a short placeholder moves the sections below less once they arrive.
 */
export function ActiveAlertsSection() {
  return (
    <AlertsTable
      label="Active Alerts"
      lists={useUnresolvedAlerts()}
      emptyText="No active alerts"
      paging={{ kind: 'client', pageSizes: [10, 25, 50, -1] }}
      skeletonRows={3}
    />
  );
}
