import { FLEET_PAGE_SIZE, fleetOperations } from '@ec/contract/fleets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

/** GET /fleets/{fleet_guid}/devices: one page (50) of the fleet's devices by name. */
export function useFleetDevices(fleetGuid: string, paginationToken: string | null) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: fleetKeys.devices(orgGuid, fleetGuid, paginationToken),
    queryFn: ({ signal }) =>
      callOperation(fleetOperations.listDevices, {
        params: { fleet_guid: fleetGuid },
        query: { pagination_size: FLEET_PAGE_SIZE, pagination_token: paginationToken ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST (add) or DELETE (remove) /fleets/{fleet_guid}/devices {devices}. The fleet's devices, status and
 * events change with it.
 */
export function useChangeFleetDevices(fleetGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (input: { change: 'add' | 'remove'; deviceGuids: readonly string[] }) =>
      callOperation(input.change === 'add' ? fleetOperations.addDevices : fleetOperations.removeDevices, {
        params: { fleet_guid: fleetGuid },
        body: { devices: [...input.deviceGuids] },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.one(orgGuid, fleetGuid) }),
  });
}
