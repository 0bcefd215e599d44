import { shadowTemplateOperations } from '@ec/contract/shadow-templates';
import type { ShadowName } from '@ec/contract/shadows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { requireOrgGuid } from '../../../lib/orgs/org-path';
import { useSession } from '../../../lib/session/session-store';
import { shadowTemplateKeys } from './shadow-template-keys';

/** GET /orgs/{org_guid}/shadow_templates?shadow_name=: the organization's templates of one shadow, by name. */
export const getShadowTemplates = async (
  orgGuid: string | null,
  shadowName: ShadowName,
  signal?: AbortSignal,
) =>
  (
    await callOperation(shadowTemplateOperations.list, {
      params: { org_guid: requireOrgGuid(orgGuid) },
      query: { shadow_name: shadowName },
      signal,
    })
  ).templates;

export const shadowTemplatesQueryOptions = (orgGuid: string | null, shadowName: ShadowName) =>
  queryOptions({
    queryKey: shadowTemplateKeys.list(orgGuid, shadowName),
    queryFn: ({ signal }) => getShadowTemplates(orgGuid, shadowName, signal),
  });

/** Fetched only while `enabled` (the Templates dialog is open). */
export function useShadowTemplates(shadowName: ShadowName, enabled: boolean) {
  const { orgGuid } = useSession();
  return useQuery({ ...shadowTemplatesQueryOptions(orgGuid, shadowName), enabled });
}

/** Every template of the organization, of all shadows (the Shadow Templates page). */
export function useAllShadowTemplates() {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: [...shadowTemplateKeys.all(orgGuid), 'every'],
    queryFn: async ({ signal }) =>
      (
        await callOperation(shadowTemplateOperations.list, {
          params: { org_guid: requireOrgGuid(orgGuid) },
          query: {},
          signal,
        })
      ).templates,
  });
}
