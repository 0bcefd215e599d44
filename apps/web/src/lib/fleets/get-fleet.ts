import { fleetOperations } from '@ec/contract/fleets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { useSession } from '../session/session-store';
import { fleetKeys } from './fleet-keys';

/** GET /fleets/{fleet_guid}: the fleet with what the caller may do with it (editable, controllable). */
export const getFleet = async (fleetGuid: string, signal?: AbortSignal) =>
  (await callOperation(fleetOperations.get, { params: { fleet_guid: fleetGuid }, signal })).fleet;

export const fleetQueryOptions = (orgGuid: string | null, fleetGuid: string) =>
  queryOptions({
    queryKey: fleetKeys.one(orgGuid, fleetGuid),
    queryFn: ({ signal }) => getFleet(fleetGuid, signal),
  });

export function useFleet(fleetGuid: string) {
  const { orgGuid } = useSession();
  return useQuery(fleetQueryOptions(orgGuid, fleetGuid));
}
