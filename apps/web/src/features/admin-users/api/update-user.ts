import { type UpdateUserBody, userOperations } from '@ec/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { adminUserKey } from './get-user';
import { adminUsersKey } from './get-users';
import { requireUserGuid } from './user-path';

/** PATCH /users/{user_guid} {name, email, phone_number} → the updated user (spec 1 §7). */
export const updateUser = ({ userGuid, body }: { userGuid: string; body: UpdateUserBody }) =>
  callOperation(userOperations.update, { params: { user_guid: requireUserGuid(userGuid) }, body });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (answer, { userGuid }) => {
      queryClient.setQueryData(adminUserKey(userGuid), answer);
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      // Editing oneself changes the session's name and e-mail as well.
      await queryClient.invalidateQueries({ queryKey: [...queryRoots.session, 'user'] });
    },
  });
}
