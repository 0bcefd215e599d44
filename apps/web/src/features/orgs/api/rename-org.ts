import { orgOperations } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { orgKeys } from '../../../lib/orgs/org-keys';
import { requireOrgGuid } from '../../../lib/orgs/org-path';

/** PATCH /orgs/{org_guid} {org_name}. */
export const renameOrg = (input: { orgGuid: string; orgName: string }) =>
  callOperation(orgOperations.rename, {
    params: { org_guid: requireOrgGuid(input.orgGuid) },
    body: { org_name: input.orgName },
  });

export function useRenameOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrg,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
