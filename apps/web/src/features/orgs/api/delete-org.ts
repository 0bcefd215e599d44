import { orgOperations } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { orgKeys } from '../../../lib/orgs/org-keys';
import { requireOrgGuid } from '../../../lib/orgs/org-path';
import { sessionStore } from '../../../lib/session/session-store';

/** DELETE /orgs/{org_guid} {reason}. */
export const deleteOrg = (input: { orgGuid: string; reason: string }) =>
  callOperation(orgOperations.delete, {
    params: { org_guid: requireOrgGuid(input.orgGuid) },
    body: { reason: input.reason },
  });

export function useDeleteOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrg,
    onSuccess: (_answer, { orgGuid }) => {
      // A deleted organization can no longer be the one the console works in.
      if (sessionStore.getState().orgGuid === orgGuid) sessionStore.selectOrg(null);
      queryClient.removeQueries({ queryKey: orgKeys.one(orgGuid) });
      return queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
