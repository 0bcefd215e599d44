import { type CreateInviteBody, inviteOperations } from '@ec/contract/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { orgInvitesKey } from './get-target-invites';

/** POST /invites {org_guid, target_email, access} → {invite_guid}; the address gets an e-mail. */
export const createInvite = (body: CreateInviteBody) => callOperation(inviteOperations.create, { body });

export function useCreateInvite(orgGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateInviteBody, 'org_guid'>) => createInvite({ ...body, org_guid: orgGuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgInvitesKey(orgGuid) }),
  });
}
