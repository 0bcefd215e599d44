import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { orgInvitesKey } from './get-target-invites';

/** DELETE /invites/{invite_guid} {org_guid}: an editor of the organization cancels a pending invite. */
export const cancelInvite = (inviteGuid: string, orgGuid: string) =>
  api.delete(`/invites/${encodeURIComponent(inviteGuid)}`, z.object({ ok: z.literal(true) }), {
    body: { org_guid: orgGuid },
  });

export function useCancelInvite(orgGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteGuid: string) => cancelInvite(inviteGuid, orgGuid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgInvitesKey(orgGuid) }),
  });
}
