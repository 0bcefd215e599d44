import { deviceOperations } from '@ec/contract/devices';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { useWindowFocused } from '../../../lib/use-window-focused';

/**
 * GET /devices/status: online and streaming counts of the organization, named in the query (spec 2
 * §7), so that a prefetch before the organization is selected asks for the right one.
 */
export const getDevicesStatus = async (orgGuid: string | null, signal?: AbortSignal) =>
  (await callOperation(deviceOperations.status, { query: { org_guid: orgGuid ?? undefined }, signal }))
    .status;

export const devicesStatusQueryOptions = (orgGuid: string | null) =>
  queryOptions({
    queryKey: [...queryRoots.devices(orgGuid), 'status'] as const,
    queryFn: ({ signal }) => getDevicesStatus(orgGuid, signal),
  });

/** Spec 2 §9: the dashboard's organization status poll. */
export const STATUS_POLL_MS = 10_000;

/** Polled every 10 s while the window has the focus (spec 2 §2.2); live events refresh it too. */
export function useDevicesStatus() {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  const focused = useWindowFocused();
  return useQuery({
    ...devicesStatusQueryOptions(orgGuid),
    refetchInterval: focused ? STATUS_POLL_MS : false,
  });
}
