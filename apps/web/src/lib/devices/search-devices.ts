import type { Device } from '@ec/contract/devices';
import { DEVICE_LIST_SUBSCRIPTION } from '@ec/contract/live';
import { keepPreviousData, type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useLiveSubscription } from '../live-subscriptions';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';
import { useDebouncedValue } from '../use-debounced-value';
import { getDevices } from './get-devices';

/** Devices a picker's search offers: a screenful, the closest names first. */
export const DEVICE_SEARCH_SIZE = 50;
/** A search goes out once the person has stopped typing for this long. */
export const DEVICE_SEARCH_PAUSE_MS = 300;

/** Both searches' devices; a function of the module's, so that an unchanged search answers the same object. */
const combineSearches = (results: UseQueryResult<{ devices: Device[] }>[]) => ({
  devices: results.flatMap((result) => result.data?.devices ?? []),
  isFetching: results.some((result) => result.isFetching),
});

/**
 * The organization's devices whose name or serial number contains `text` (both searched on the server,
 * DEVICE_SEARCH_SIZE each, once the typing pauses): what a picker offers beyond the first 1000 devices
 * by name that the organization's list holds (spec 2 §2.3). Nothing is asked while `text` is blank.
 */
export function useDeviceSearch(text: string) {
  useLiveSubscription(DEVICE_LIST_SUBSCRIPTION);
  const { orgGuid } = useSession();
  const wanted = useDebouncedValue(text.trim(), DEVICE_SEARCH_PAUSE_MS);
  const fields = wanted ? (['device_name', 'serial_number'] as const) : [];
  return useQueries({
    queries: fields.map((field) => ({
      queryKey: [...queryRoots.devices(orgGuid), 'picker-search', field, wanted] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getDevices({ [field]: wanted, pagination_size: DEVICE_SEARCH_SIZE }, signal),
      placeholderData: keepPreviousData,
    })),
    combine: combineSearches,
  });
}
