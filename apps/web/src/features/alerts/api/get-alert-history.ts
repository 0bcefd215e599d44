import { ALERT_PAGE_SIZE, type AlertType, alertActionOperations } from '@ec/contract/alerts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alertKeys } from '../../../lib/alerts/alert-keys';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

export interface AlertHistoryRequest {
  start_time: string;
  pagination_token: string | null;
}

/** GET /device_alerts/history or /alerts/history: one page of every alert since start_time, closed ones too. */
export const alertHistoryQueryOptions = (
  orgGuid: string | null,
  alertType: AlertType,
  request: AlertHistoryRequest,
) =>
  queryOptions({
    queryKey: alertKeys.history(orgGuid, alertType, request),
    queryFn: ({ signal }) =>
      callOperation(alertActionOperations.history[alertType], {
        query: {
          org_guid: orgGuid ?? undefined,
          pagination_size: ALERT_PAGE_SIZE,
          start_time: request.start_time,
          pagination_token: request.pagination_token ?? undefined,
        },
        signal,
      }),
  });

export function useAlertHistory(alertType: AlertType, request: AlertHistoryRequest) {
  const { orgGuid } = useSession();
  return useQuery({
    ...alertHistoryQueryOptions(orgGuid, alertType, request),
    placeholderData: keepPreviousData,
  });
}
