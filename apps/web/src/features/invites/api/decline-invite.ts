import { inviteOperations } from '@ec/contract/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { myInvitesKey } from './get-my-invites';

/** POST /invites/decline {invite_guid}: the invite is deleted. */
export const declineInvite = (inviteGuid: string) =>
  callOperation(inviteOperations.decline, { body: { invite_guid: inviteGuid } });

/** Declining refreshes invites (spec 1 §4.2). */
export function useDeclineInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myInvitesKey }),
  });
}
