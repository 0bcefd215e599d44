import { activeAlertCountOperation } from '@ec/contract/alert-count';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { alertKeys } from '../../../lib/alerts/alert-keys';
import { useAlertPolling } from '../../../lib/alerts/use-alert-polling';
import { callOperation } from '../../../lib/api-client';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { isSessionValid, useSession } from '../../../lib/session/session-store';

/** GET /alerts/active_count: the organization's active alerts of both types, counted by the server. */
export const activeAlertCountQueryOptions = (orgGuid: string | null) =>
  queryOptions({
    queryKey: alertKeys.activeCount(orgGuid),
    queryFn: orgGuid
      ? async ({ signal }) =>
          (await callOperation(activeAlertCountOperation, { query: { org_guid: orgGuid }, signal })).active
      : skipToken,
  });

/**
 * The bell's count (spec 2 §2.10, §4.4): polled at a randomised 8 to 15 s while the window has the focus,
 * and refetched at once when the live channel reports an alert (the device list's subscription carries
 * them, so the shell follows it).
 */
export function useActiveAlertCount() {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid, expiresAt } = useSession();
  const refetchInterval = useAlertPolling();
  return useQuery({
    ...activeAlertCountQueryOptions(orgGuid),
    // Alerts belong to an organization: none is asked for before one is selected.
    enabled: isSessionValid(expiresAt) && orgGuid !== null,
    refetchInterval,
  });
}
