import { getDeviceResponseSchema } from '@ec/contract/devices';
import { deviceSubscription } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** GET /devices/{device_guid}. */
export const getDevice = async (deviceGuid: string, signal?: AbortSignal) =>
  (await api.get(`/devices/${encodeURIComponent(deviceGuid)}`, getDeviceResponseSchema, { signal })).device;

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
