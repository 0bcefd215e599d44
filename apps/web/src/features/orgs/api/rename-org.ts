import { getOrgResponseSchema } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orgKeys } from './org-keys';

/** PATCH /orgs/{org_guid} {org_name}. */
export const renameOrg = (input: { orgGuid: string; orgName: string }) =>
  api.patch(`/orgs/${encodeURIComponent(input.orgGuid)}`, getOrgResponseSchema, {
    body: { org_name: input.orgName },
    withOrg: false,
  });

export function useRenameOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrg,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
