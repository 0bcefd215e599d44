import { fleetTemplateOperations } from '@ec/contract/fleet-templates';
import { shadowTemplateOperations } from '@ec/contract/shadow-templates';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { requireOrgGuid } from '../../../lib/orgs/org-path';
import { useSession } from '../../../lib/session/session-store';
import { fleetDriftKey } from './fleet-drift';
import type { TemplateToSave } from './save-shadow-template';
import { shadowTemplateKeys } from './shadow-template-keys';

const fleetTemplatesKey = (orgGuid: string | null, fleetGuid: string) =>
  [...fleetKeys.one(orgGuid, fleetGuid), 'shadow-templates'] as const;

/** GET /fleets/{fleet_guid}/shadow_templates: the fleet's own templates, by shadow and name. */
export const fleetShadowTemplatesQueryOptions = (orgGuid: string | null, fleetGuid: string) =>
  queryOptions({
    queryKey: fleetTemplatesKey(orgGuid, fleetGuid),
    queryFn: async ({ signal }) =>
      (
        await callOperation(fleetTemplateOperations.listShadowTemplates, {
          params: { fleet_guid: fleetGuid },
          query: {},
          signal,
        })
      ).templates,
  });

export function useFleetShadowTemplates(fleetGuid: string) {
  const { orgGuid } = useSession();
  return useQuery(fleetShadowTemplatesQueryOptions(orgGuid, fleetGuid));
}

/** Every template of the organization (all shadows), to copy one into the fleet; read while `enabled`. */
export function useAllOrgShadowTemplates(enabled: boolean) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: [...shadowTemplateKeys.all(orgGuid), 'every'] as const,
    queryFn: async ({ signal }) =>
      (
        await callOperation(shadowTemplateOperations.list, {
          params: { org_guid: requireOrgGuid(orgGuid) },
          query: {},
          signal,
        })
      ).templates,
    enabled,
  });
}

/** POST /fleets/{fleet_guid}/shadow_templates with one template (created, or replaced by shadow and name). */
export function useSaveFleetShadowTemplate(fleetGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: async (template: TemplateToSave) =>
      (
        await callOperation(fleetTemplateOperations.saveShadowTemplates, {
          params: { fleet_guid: fleetGuid },
          body: { templates: [template] },
        })
      ).templates[0],
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fleetTemplatesKey(orgGuid, fleetGuid) }),
        queryClient.invalidateQueries({ queryKey: fleetDriftKey(orgGuid, fleetGuid) }),
      ]),
  });
}

/** DELETE /fleets/{fleet_guid}/shadow_templates/{template_guid}. */
export function useDeleteFleetShadowTemplate(fleetGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (templateGuid: string) =>
      callOperation(fleetTemplateOperations.deleteShadowTemplate, {
        params: { fleet_guid: fleetGuid, template_guid: templateGuid },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fleetTemplatesKey(orgGuid, fleetGuid) }),
        queryClient.invalidateQueries({ queryKey: fleetDriftKey(orgGuid, fleetGuid) }),
      ]),
  });
}
