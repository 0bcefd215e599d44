import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';
import { userPath } from './user-path';

/** DELETE /users/{user_guid} {reason}: the user with their sessions, tokens and memberships (spec 1 §7). */
export const deleteUser = ({ userGuid, reason }: { userGuid: string; reason: string }) =>
  api.delete(userPath(userGuid), z.object({ ok: z.literal(true) }), {
    body: { reason },
  });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
