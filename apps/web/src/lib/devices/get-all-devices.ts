import { DEVICE_LIST_MAX_ROWS, type DeviceStatusFilter } from '@ec/contract/devices';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../fetch-all-pages';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';
import { getDevices } from './get-devices';

/**
 * GET /devices page after page: the organization's devices by name (or only those online or
 * streaming), as many as a list holds (spec 2 §2.3).
 */
export const allDevicesQueryOptions = (orgGuid: string | null, status?: DeviceStatusFilter) =>
  queryOptions({
    queryKey: [...queryRoots.devices(orgGuid), 'all', status ?? 'any'] as const,
    queryFn: ({ signal }) =>
      fetchAllPages(async (token) => {
        const page = await getDevices(
          { pagination_size: DEVICE_LIST_MAX_ROWS, pagination_token: token, device_status: status },
          signal,
        );
        return { rows: page.devices, pagination_token: page.pagination_token };
      }, DEVICE_LIST_MAX_ROWS),
  });

export function useAllDevices(options: { enabled?: boolean; status?: DeviceStatusFilter } = {}) {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  return useQuery({ ...allDevicesQueryOptions(orgGuid, options.status), enabled: options.enabled ?? true });
}
