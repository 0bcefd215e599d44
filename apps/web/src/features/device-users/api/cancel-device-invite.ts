import { inviteOperations } from '@ec/contract/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { deviceUserKeys } from './device-user-keys';

/** DELETE /invites/{invite_guid} {device_guid}: an editor of the device cancels a pending invite. */
export const cancelDeviceInvite = (deviceGuid: string, inviteGuid: string) =>
  callOperation(inviteOperations.cancel, {
    params: { invite_guid: inviteGuid },
    body: { device_guid: deviceGuid },
  });

export function useCancelDeviceInvite(deviceGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (inviteGuid: string) => cancelDeviceInvite(deviceGuid, inviteGuid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceUserKeys.invites(orgGuid, deviceGuid) }),
  });
}
