import { deviceUserOperations, type SaveDeviceUsersBody } from '@ec/contract/device-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { deviceUserKeys } from './device-user-keys';

/** PUT /devices/{device_guid}/users {users: [{user_guid, access}]}: several access levels at once. */
export const saveDeviceUsers = (deviceGuid: string, users: SaveDeviceUsersBody['users']) =>
  callOperation(deviceUserOperations.save, { params: { device_guid: deviceGuid }, body: { users } });

/** Refreshes the list, and the device's own answer: the signed-in user's rights may have moved. */
export function useSaveDeviceUsers(deviceGuid: string) {
  const queryClient = useQueryClient();
  const { orgGuid } = useSession();
  return useMutation({
    mutationFn: (users: SaveDeviceUsersBody['users']) => saveDeviceUsers(deviceGuid, users),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceUserKeys.users(orgGuid, deviceGuid) });
      void queryClient.invalidateQueries({ queryKey: queryRoots.device(orgGuid, deviceGuid), exact: true });
    },
  });
}
