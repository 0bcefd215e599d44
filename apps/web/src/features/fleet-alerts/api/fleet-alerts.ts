import { fleetTemplateOperations, type SaveFleetAlertsBody } from '@ec/contract/fleet-templates';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../../lib/alerts/alert-keys';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

const fleetAlertsKey = (orgGuid: string | null, fleetGuid: string) =>
  [...fleetKeys.one(orgGuid, fleetGuid), 'alerts'] as const;

/** GET /fleets/{fleet_guid}/alerts: the fleet's alert templates in their saved order. */
export const fleetAlertsQueryOptions = (orgGuid: string | null, fleetGuid: string) =>
  queryOptions({
    queryKey: fleetAlertsKey(orgGuid, fleetGuid),
    queryFn: async ({ signal }) =>
      (await callOperation(fleetTemplateOperations.listAlerts, { params: { fleet_guid: fleetGuid }, signal }))
        .alerts,
  });

export function useFleetAlerts(fleetGuid: string) {
  const { orgGuid } = useSession();
  return useQuery(fleetAlertsQueryOptions(orgGuid, fleetGuid));
}

/**
 * PUT /fleets/{fleet_guid}/alerts: the whole list (spec 2 §7). The answer is the saved list; the
 * organization's alerts refetch, as a save may close some.
 */
export function useSaveFleetAlerts(fleetGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: async (body: SaveFleetAlertsBody) =>
      (await callOperation(fleetTemplateOperations.saveAlerts, { params: { fleet_guid: fleetGuid }, body }))
        .alerts,
    onSuccess: (alerts) => {
      queryClient.setQueryData(fleetAlertsKey(orgGuid, fleetGuid), alerts);
      return queryClient.invalidateQueries({ queryKey: alertKeys.all(orgGuid) });
    },
  });
}
