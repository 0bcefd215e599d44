import { getOrgResponseSchema } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orgKeys } from './org-keys';
import { orgPath } from './org-path';

/** PATCH /orgs/{org_guid} {org_name}. */
export const renameOrg = (input: { orgGuid: string; orgName: string }) =>
  api.patch(orgPath(input.orgGuid), getOrgResponseSchema, {
    body: { org_name: input.orgName },
  });

export function useRenameOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrg,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
