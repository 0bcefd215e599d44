import { inviteOperations } from '@ec/contract/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { orgInvitesKey } from './get-target-invites';

/** DELETE /invites/{invite_guid} {org_guid}: an editor of the organization cancels a pending invite. */
export const cancelInvite = (inviteGuid: string, orgGuid: string) =>
  callOperation(inviteOperations.cancel, {
    params: { invite_guid: inviteGuid },
    body: { org_guid: orgGuid },
  });

export function useCancelInvite(orgGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteGuid: string) => cancelInvite(inviteGuid, orgGuid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgInvitesKey(orgGuid) }),
  });
}
