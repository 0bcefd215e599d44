import { orgOkResponseSchema } from '@ec/contract/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session/session-store';
import { orgKeys } from './org-keys';
import { orgPath } from './org-path';

/** DELETE /orgs/{org_guid} {reason}. */
export const deleteOrg = (input: { orgGuid: string; reason: string }) =>
  api.delete(orgPath(input.orgGuid), orgOkResponseSchema, {
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
