import {
  ACTIVE_ALERTS_MAX_ROWS,
  ALERT_TYPES,
  type Alert,
  type AlertType,
  alertOperations,
  isActiveAlert,
} from '@ec/contract/alerts';
import { queryOptions, skipToken, useQueries } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { fetchAllPages } from '../fetch-all-pages';
import { isSessionValid, useSession } from '../session/session-store';
import { alertKeys } from './alert-keys';
import { useAlertPolling } from './use-alert-polling';

/**
 * GET /device_alerts or GET /alerts, page after page: the organization's alerts of that type from the
 * last month (the server's default window), 1000 a page so that a poll is usually one request.
 */
export function getAlerts(orgGuid: string, alertType: AlertType, signal?: AbortSignal): Promise<Alert[]> {
  return fetchAllPages(async (token) => {
    const page = await callOperation(alertOperations[alertType], {
      query: {
        org_guid: orgGuid,
        pagination_size: ACTIVE_ALERTS_MAX_ROWS,
        pagination_token: token ?? undefined,
      },
      signal,
    });
    return { rows: page.alerts, pagination_token: page.pagination_token };
  });
}

export const alertsQueryOptions = (orgGuid: string | null, alertType: AlertType) =>
  queryOptions({
    queryKey: [...alertKeys.all(orgGuid), alertType] as const,
    queryFn: orgGuid ? ({ signal }) => getAlerts(orgGuid, alertType, signal) : skipToken,
  });

/**
 * The organization's device alerts and other alerts, one query each, narrowed by `select`: every view
 * of them (the bell's neighbours, the dashboard) shares one request per type. They refresh at a
 * randomised 8 to 15 s, skipped while the window lacks focus once loaded (spec 2 §4.4).
 */
export function useOrgAlertLists(select: (alerts: Alert[]) => Alert[]) {
  const { orgGuid, expiresAt } = useSession();
  const refetchInterval = useAlertPolling();
  return useQueries({
    queries: ALERT_TYPES.map((alertType) => ({
      ...alertsQueryOptions(orgGuid, alertType),
      // Alerts belong to an organization: none is asked for before one is selected.
      enabled: isSessionValid(expiresAt) && orgGuid !== null,
      select,
      refetchInterval,
    })),
  });
}

const activeOnly = (alerts: Alert[]) => alerts.filter(isActiveAlert);

/** The active device alerts and the active other alerts of the selected organization. */
export const useActiveAlerts = () => useOrgAlertLists(activeOnly);
