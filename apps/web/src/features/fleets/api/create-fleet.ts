import { createFleetResponseSchema, fleetOperations } from '@ec/contract/fleets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

/** Spec 2 §8's local message for a creation whose answer names no fleet. */
export const FLEET_GUID_NOT_RETURNED = 'fleet_guid not returned in response';

/** POST /fleets {fleet_name} → the new fleet's guid. */
export async function createFleet(fleetName: string): Promise<string> {
  const answer: unknown = await callOperation(fleetOperations.create, { body: { fleet_name: fleetName } });
  const fleetGuid = createFleetResponseSchema.safeParse(answer).data?.fleet_guid;
  if (!fleetGuid) throw new Error(FLEET_GUID_NOT_RETURNED);
  return fleetGuid;
}

export function useCreateFleet() {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: createFleet,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all(orgGuid) }),
  });
}
