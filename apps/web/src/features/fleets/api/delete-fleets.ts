import { fleetOperations } from '@ec/contract/fleets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

/** DELETE /fleets/{fleet_guid} {reason}. */
export const deleteFleet = (input: { fleetGuid: string; reason: string }) =>
  callOperation(fleetOperations.delete, {
    params: { fleet_guid: input.fleetGuid },
    body: { reason: input.reason },
  });

/**
 * Deletes the fleets one after another with the same reason. Every fleet is tried; when any deletion
 * fails the call fails with the LAST error (spec 2 §4.12), after the ones that worked are gone.
 */
export async function deleteFleets(input: { fleetGuids: readonly string[]; reason: string }) {
  let lastError: unknown = null;
  let deleted = 0;
  for (const fleetGuid of input.fleetGuids) {
    try {
      await deleteFleet({ fleetGuid, reason: input.reason });
      deleted += 1;
    } catch (error) {
      lastError = error;
    }
  }
  if (lastError !== null) throw lastError;
  return { deleted };
}

export function useDeleteFleets() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: deleteFleets,
    // Also after a partial failure: the fleets that were deleted leave the list.
    onSettled: (_answer, _error, { fleetGuids }) => {
      for (const fleetGuid of fleetGuids)
        queryClient.removeQueries({ queryKey: fleetKeys.one(orgGuid, fleetGuid) });
      return queryClient.invalidateQueries({ queryKey: fleetKeys.all(orgGuid) });
    },
  });
}
