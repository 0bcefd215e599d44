import { deviceOperations } from '@ec/contract/devices';
import { deviceSubscription } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';

/** GET /devices/{device_guid} → {device, rights}: the device and what the signed-in user may do with it. */
export const getDevice = (deviceGuid: string, signal?: AbortSignal) =>
  callOperation(deviceOperations.get, { params: { device_guid: deviceGuid }, signal });

export const deviceQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: queryRoots.device(orgGuid, deviceGuid),
    queryFn: ({ signal }) => getDevice(deviceGuid, signal),
  });

export function useDevice(deviceGuid: string) {
  useLiveSubscription(deviceSubscription(deviceGuid));
  const { orgGuid } = useSession();
  return useQuery(deviceQueryOptions(orgGuid, deviceGuid));
}
