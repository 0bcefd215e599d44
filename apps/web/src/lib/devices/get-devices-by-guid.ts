import { DEVICE_LOOKUP_MAX, type Device } from '@ec/contract/devices';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';
import { getDevices } from './get-devices';

/** The guids once each, sorted (one query key per set, whatever order a list names them in), in lookups of at most DEVICE_LOOKUP_MAX. */
export function lookupChunks(deviceGuids: readonly string[]): string[][] {
  const unique = [...new Set(deviceGuids)].sort();
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += DEVICE_LOOKUP_MAX)
    chunks.push(unique.slice(start, start + DEVICE_LOOKUP_MAX));
  return chunks;
}

/**
 * The lookups' devices by guid, and what a table needs of them together. A function of the module's:
 * TanStack Query answers the same object while the lookups are unchanged, so what depends on it is not
 * computed again on every render.
 */
function combineLookups(results: UseQueryResult<{ devices: Device[] }>[]) {
  const devices = new Map<string, Device>();
  for (const result of results)
    for (const device of result.data?.devices ?? []) devices.set(device.device_guid, device);
  return {
    devices,
    query: {
      isLoading: results.some((result) => result.isLoading),
      isFetching: results.some((result) => result.isFetching),
      isSuccess: results.every((result) => result.isSuccess),
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    },
  };
}

/**
 * The organization's devices among `deviceGuids` (an alert list's, a fleet status's), looked up by guid
 * (GET /devices?device_guids, DEVICE_LOOKUP_MAX at a time) rather than found in the organization's list,
 * which holds its first 1000 devices by name only (spec 2 §2.3): in a large organization most devices
 * are past them. Kept fresh by the live channel, as the device list is. `query` is what a table needs
 * of the lookups together; a device not found (forgotten, another organization's) is simply missing.
 */
export function useDevicesByGuid(deviceGuids: readonly string[]) {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  return useQueries({
    queries: lookupChunks(deviceGuids).map((chunk) => ({
      queryKey: [...queryRoots.devices(orgGuid), 'by-guid', chunk] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getDevices({ device_guids: chunk.join(','), pagination_size: chunk.length }, signal),
    })),
    combine: combineLookups,
  });
}
