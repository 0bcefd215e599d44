import { type AlertType, alertActionOperations } from '@ec/contract/alerts';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { alertKeys } from '../../../lib/alerts/alert-keys';
import { useAlertPolling } from '../../../lib/alerts/use-alert-polling';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

/** Spec 2 §9: the dashboard's recent alerts, of each type. */
export const RECENT_ALERTS = 5;

/**
 * GET /device_alerts/history or /alerts/history: the newest alerts of a type, closed ones too. Under the
 * alerts' key, so whatever refreshes the organization's alerts refreshes these.
 */
export const recentAlertsQueryOptions = (orgGuid: string | null, alertType: AlertType) =>
  queryOptions({
    queryKey: alertKeys.history(orgGuid, alertType, { recent: RECENT_ALERTS }),
    queryFn: orgGuid
      ? async ({ signal }) =>
          (
            await callOperation(alertActionOperations.history[alertType], {
              query: { org_guid: orgGuid, pagination_size: RECENT_ALERTS },
              signal,
            })
          ).alerts
      : skipToken,
  });

export function useRecentAlerts(alertType: AlertType) {
  const { orgGuid } = useSession();
  return useQuery({ ...recentAlertsQueryOptions(orgGuid, alertType), refetchInterval: useAlertPolling() });
}
