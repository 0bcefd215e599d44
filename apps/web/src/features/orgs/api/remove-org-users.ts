import { orgOperations } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { orgKeys } from '../../../lib/orgs/org-keys';
import { requireOrgGuid } from '../../../lib/orgs/org-path';

/** DELETE /orgs/{org_guid}/users {users: [user_guid]}. */
export const removeOrgUsers = (input: { orgGuid: string; userGuids: string[] }) =>
  callOperation(orgOperations.removeUsers, {
    params: { org_guid: requireOrgGuid(input.orgGuid) },
    body: { users: input.userGuids },
  });

export function useRemoveOrgUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrgUsers,
    onSuccess: (_answer, { orgGuid }) => queryClient.invalidateQueries({ queryKey: orgKeys.users(orgGuid) }),
  });
}
