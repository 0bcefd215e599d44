import { DEVICE_PAGE_SIZE, type DeviceStatusFilter, deviceOperations } from '@ec/contract/devices';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import type { DeviceProduct } from '@ec/contract/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';

export interface DeviceListParams {
  /** Only the devices assigned to this user (the caller's own guid: 'Assigned To Me'). */
  user_guid?: string;
  serial_number?: string;
  /** Only the devices whose name contains this text (a picker's search). */
  device_name?: string;
  product_names?: DeviceProduct[];
  /** Only the devices online, or streaming (the dashboard's lists). */
  device_status?: DeviceStatusFilter;
  /** Only these devices (comma-separated guids, at most DEVICE_LOOKUP_MAX): get-devices-by-guid.ts. */
  device_guids?: string;
  pagination_size?: number;
  pagination_token?: string | null;
}

/**
 * GET /devices: one page of the selected organization's devices (with user_guid, those assigned to
 * that user), sorted by name.
 */
const getDevicesQuery = (params: DeviceListParams) => ({
  pagination_size: DEVICE_PAGE_SIZE,
  ...params,
  pagination_token: params.pagination_token ?? undefined,
});

export const getDevices = (params: DeviceListParams, signal?: AbortSignal) =>
  callOperation(deviceOperations.list, { query: getDevicesQuery(params), signal });

export const devicesQueryOptions = (orgGuid: string | null, params: DeviceListParams) =>
  queryOptions({
    queryKey: [...queryRoots.devices(orgGuid), 'list', params] as const,
    queryFn: ({ signal }) => getDevices(params, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The query of `devicesQueryOptions` for a page's prefetch at start-up, before the organization guard
 * has selected `orgGuid`: the organization goes in the request's query, since the header is not set
 * yet; the key stays the page's, so the page finds the answer.
 */
export const devicesPrefetchOptions = (orgGuid: string, params: DeviceListParams) =>
  queryOptions({
    ...devicesQueryOptions(orgGuid, params),
    queryFn: ({ signal }) =>
      callOperation(deviceOperations.list, {
        query: { ...getDevicesQuery(params), org_guid: orgGuid },
        signal,
      }),
  });

export function useDevices(params: DeviceListParams) {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  return useQuery(devicesQueryOptions(orgGuid, params));
}

/** 'Assigned To Me' (spec 2 §2.3): the devices the signed-in user was given, once their guid is known. */
export function useAssignedDevices(
  userGuid: string | undefined,
  params: Omit<DeviceListParams, 'user_guid'>,
) {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  return useQuery({
    ...devicesQueryOptions(orgGuid, { ...params, user_guid: userGuid }),
    enabled: Boolean(userGuid),
  });
}
