import { deviceUserOperations } from '@ec/contract/device-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { deviceUserKeys } from './device-user-keys';

/** DELETE /devices/{device_guid}/users {users: [user_guid]}. */
export const removeDeviceUsers = (deviceGuid: string, userGuids: string[]) =>
  callOperation(deviceUserOperations.remove, {
    params: { device_guid: deviceGuid },
    body: { users: userGuids },
  });

export function useRemoveDeviceUsers(deviceGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (userGuids: string[]) => removeDeviceUsers(deviceGuid, userGuids),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceUserKeys.users(orgGuid, deviceGuid) });
      void queryClient.invalidateQueries({ queryKey: queryRoots.device(orgGuid, deviceGuid), exact: true });
    },
  });
}
