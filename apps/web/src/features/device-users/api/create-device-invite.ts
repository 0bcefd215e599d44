import { type InviteForm, inviteOperations } from '@ec/contract/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { deviceUserKeys } from './device-user-keys';

/** POST /invites {device_guid, target_email, access} → {invite_guid}; the address gets an e-mail. */
export const createDeviceInvite = (deviceGuid: string, values: InviteForm) =>
  callOperation(inviteOperations.create, { body: { ...values, device_guid: deviceGuid } });

export function useCreateDeviceInvite(deviceGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (values: InviteForm) => createDeviceInvite(deviceGuid, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceUserKeys.invites(orgGuid, deviceGuid) }),
  });
}
