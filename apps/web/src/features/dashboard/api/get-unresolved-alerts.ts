import type { Alert } from '@ec/contract/alerts';
import { useOrgAlertLists } from '../../../lib/alerts/get-active-alerts';

const unresolvedOnly = (alerts: Alert[]) => alerts.filter((alert) => !alert.resolved);

/** The unresolved alerts of both types (spec 2 §2.2's Active Alerts table: silenced ones too). */
export const useUnresolvedAlerts = () => useOrgAlertLists(unresolvedOnly);
