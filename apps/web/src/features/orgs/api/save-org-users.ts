import { orgOperations, type SaveOrgUsersBody } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { orgKeys } from '../../../lib/orgs/org-keys';
import { requireOrgGuid } from '../../../lib/orgs/org-path';

/** PUT /orgs/{org_guid}/users {users: [{user_guid, access}]}: saves the whole member list (spec 1 §4.3). */
export const saveOrgUsers = (input: { orgGuid: string; users: SaveOrgUsersBody['users'] }) =>
  callOperation(orgOperations.saveUsers, {
    params: { org_guid: requireOrgGuid(input.orgGuid) },
    body: { users: input.users },
  });

export function useSaveOrgUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrgUsers,
    // The caller's own level may have changed: their organization list is refreshed too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
