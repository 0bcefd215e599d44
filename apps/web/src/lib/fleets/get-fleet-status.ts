import { fleetOperations } from '@ec/contract/fleets';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useSession } from '../session/session-store';
import { fleetKeys } from './fleet-keys';

/**
 * The fallback refresh of a fleet's status (spec 4.12: every 15 to 60 s). The live channel refreshes
 * it as soon as one of the fleet's devices changes (app/live-event-handler.ts, decision 182).
 */
export const FLEET_STATUS_POLL_MS = 30_000;

/** GET /fleets/{fleet_guid}/devices/status: the fleet's counts and its devices' open alerts. */
export const getFleetStatus = async (fleetGuid: string, signal?: AbortSignal) =>
  (await callOperation(fleetOperations.status, { params: { fleet_guid: fleetGuid }, signal })).status;

export function useFleetStatus(fleetGuid: string) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: fleetKeys.status(orgGuid, fleetGuid),
    queryFn: ({ signal }) => getFleetStatus(fleetGuid, signal),
    refetchInterval: FLEET_STATUS_POLL_MS,
  });
}
