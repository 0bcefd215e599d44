import { ALERT_TYPES, ALERTS_TABLE_MAX_ROWS, type AlertType, alertOperations } from '@ec/contract/alerts';
import { queryOptions, skipToken, useQueries } from '@tanstack/react-query';
import { alertKeys } from '../../../lib/alerts/alert-keys';
import { useAlertPolling } from '../../../lib/alerts/use-alert-polling';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

/**
 * GET /device_alerts or GET /alerts, one page: the newest 200 current alerts of that type (the alerts
 * page's table holds 200 rows, spec 2 §9; the server answers newest first).
 */
export const currentAlertsQueryOptions = (orgGuid: string | null, alertType: AlertType) =>
  queryOptions({
    queryKey: alertKeys.current(orgGuid, alertType),
    queryFn: orgGuid
      ? async ({ signal }) =>
          (
            await callOperation(alertOperations[alertType], {
              query: { org_guid: orgGuid, pagination_size: ALERTS_TABLE_MAX_ROWS },
              signal,
            })
          ).alerts
      : skipToken,
  });

/** The current device alerts and other alerts, one query each, refreshed as the bell is (spec 2 §4.4). */
export function useCurrentAlerts() {
  const { orgGuid } = useSession();
  const refetchInterval = useAlertPolling();
  return useQueries({
    queries: ALERT_TYPES.map((alertType) => ({
      ...currentAlertsQueryOptions(orgGuid, alertType),
      refetchInterval,
    })),
  });
}
