import { inviteOperations } from '@ec/contract/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { myOrgsQueryOptions } from '../../../lib/session/get-orgs';
import { sessionStore } from '../../../lib/session/session-store';
import { myInvitesKey } from './get-my-invites';

/** POST /invites/accept {invite_guid} → {org_guid} for an organization invite. */
export const acceptInvite = (inviteGuid: string) =>
  callOperation(inviteOperations.accept, { body: { invite_guid: inviteGuid } });

/**
 * Accepting an organization invite reloads the organization list, selects that organization and
 * refreshes invites (spec 1 §4.2).
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: async (answer) => {
      if (answer.org_guid) {
        await queryClient.fetchQuery({ ...myOrgsQueryOptions(), staleTime: 0 });
        sessionStore.selectOrg(answer.org_guid);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myInvitesKey }),
  });
}
