import { fleetOperations } from '@ec/contract/fleets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

/** PATCH /fleets/{fleet_guid} {fleet_name}. */
export const renameFleet = (input: { fleetGuid: string; fleetName: string }) =>
  callOperation(fleetOperations.rename, {
    params: { fleet_guid: input.fleetGuid },
    body: { fleet_name: input.fleetName },
  });

export function useRenameFleet() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: renameFleet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all(orgGuid) }),
  });
}
