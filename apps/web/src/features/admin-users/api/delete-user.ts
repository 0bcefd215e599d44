import { userOperations } from '@ec/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';
import { requireUserGuid } from './user-path';

/** DELETE /users/{user_guid} {reason}: the user with their sessions, tokens and memberships (spec 1 §7). */
export const deleteUser = ({ userGuid, reason }: { userGuid: string; reason: string }) =>
  callOperation(userOperations.delete, {
    params: { user_guid: requireUserGuid(userGuid) },
    body: { reason },
  });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
