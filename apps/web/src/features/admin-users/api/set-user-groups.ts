import type { GroupName } from '@ec/contract/access';
import { userOperations } from '@ec/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { userGroupsKey } from './get-user-groups';
import { requireUserGuid } from './user-path';

/** PUT /users/{user_guid}/groups {groups}: replaces the user's platform groups (spec 1 §7). */
export const setUserGroups = ({ userGuid, groups }: { userGuid: string; groups: GroupName[] }) =>
  callOperation(userOperations.replaceGroups, {
    params: { user_guid: requireUserGuid(userGuid) },
    body: { groups },
  });

export function useSetUserGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserGroups,
    onSuccess: async (answer, { userGuid }) => {
      queryClient.setQueryData(userGroupsKey(userGuid), answer);
      // Changing one's own groups changes the admin menu.
      await queryClient.invalidateQueries({ queryKey: [...queryRoots.session, 'user'] });
    },
  });
}
