import { deviceOperations } from '@ec/contract/devices';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** GET /devices/status: online and streaming counts of the organization. */
export const getDevicesStatus = async (signal?: AbortSignal) =>
  (await callOperation(deviceOperations.status, { signal })).status;

export const devicesStatusQueryOptions = (orgGuid: string | null) =>
  queryOptions({
    queryKey: [...queryRoots.devices(orgGuid), 'status'] as const,
    queryFn: ({ signal }) => getDevicesStatus(signal),
  });

/** Polled every 10 s while the page is visible (spec 2 §2.2); live events refresh it too. */
export function useDevicesStatus() {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  return useQuery({ ...devicesStatusQueryOptions(orgGuid), refetchInterval: 10_000 });
}
