import { DEVICE_PAGE_SIZE, deviceOperations } from '@ec/contract/devices';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useLiveSubscription } from '../../../lib/live-subscriptions';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { emptyOnFailure } from './empty-on-failure';

export interface DeviceNameSearchRequest {
  filter: string;
  timestamp: string | null;
  token: string | null;
}

/** GET /devices?device_name: one page of the devices whose System shadow name contains `filter`. */
export const searchDeviceNames = (request: DeviceNameSearchRequest, signal?: AbortSignal) =>
  callOperation(deviceOperations.list, {
    query: {
      device_name: request.filter,
      pagination_size: DEVICE_PAGE_SIZE,
      pagination_token: request.token ?? undefined,
    },
    signal,
  });

// Under the device lists' key, so the live channel's refresh of the lists refreshes the results too.
export const deviceNameSearchQueryOptions = (orgGuid: string | null, request: DeviceNameSearchRequest) =>
  queryOptions({
    queryKey: [...queryRoots.devices(orgGuid), 'search', request] as const,
    queryFn:
      orgGuid && request.filter
        ? ({ signal }) =>
            emptyOnFailure(
              'device name search',
              () => searchDeviceNames(request, signal),
              { devices: [], pagination_token: null },
              signal,
            )
        : skipToken,
    placeholderData: keepPreviousData,
  });

export function useDeviceNameSearch(request: DeviceNameSearchRequest) {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  return useQuery(deviceNameSearchQueryOptions(orgGuid, request));
}
