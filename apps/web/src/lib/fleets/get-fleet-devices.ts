import type { Device } from '@ec/contract/devices';
import { fleetOperations } from '@ec/contract/fleets';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { fetchAllPages } from '../fetch-all-pages';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';

/** A list holds up to 1000 rows (spec 2 §2.3); the monitor and the multi-view read the fleet whole. */
const MAX_DEVICES = 1000;

/**
 * Every device of the fleet (GET /fleets/{fleet_guid}/devices, page after page). Kept under the
 * organization's device lists, so the live channel's device changes refresh it; the spec's polling
 * (15 to 60 s) stays the fallback.
 */
export const fleetDevicesQueryOptions = (orgGuid: string | null, fleetGuid: string) =>
  queryOptions({
    queryKey: [...queryRoots.devices(orgGuid), 'fleet', fleetGuid] as const,
    queryFn: ({ signal }): Promise<Device[]> =>
      fetchAllPages(async (token) => {
        const page = await callOperation(fleetOperations.listDevices, {
          params: { fleet_guid: fleetGuid },
          query: { pagination_size: 200, pagination_token: token ?? undefined },
          signal,
        });
        return { rows: page.devices, pagination_token: page.pagination_token };
      }, MAX_DEVICES),
    refetchInterval: 30_000,
  });

export function useFleetDevices(fleetGuid: string) {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  return useQuery(fleetDevicesQueryOptions(orgGuid, fleetGuid));
}
