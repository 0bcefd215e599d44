import { fleetTemplateOperations } from '@ec/contract/fleet-templates';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

/** The fleet's drift report; saving or deleting a fleet template refreshes it. */
export const fleetDriftKey = (orgGuid: string | null, fleetGuid: string) =>
  [...fleetKeys.one(orgGuid, fleetGuid), 'drift'] as const;

/** GET /fleets/{fleet_guid}/drift: each device against the fleet's newest template of each shadow. */
export function useFleetDrift(fleetGuid: string) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: fleetDriftKey(orgGuid, fleetGuid),
    queryFn: ({ signal }) =>
      callOperation(fleetTemplateOperations.drift, { params: { fleet_guid: fleetGuid }, signal }),
  });
}
