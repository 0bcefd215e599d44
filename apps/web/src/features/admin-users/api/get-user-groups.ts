import { userOperations } from '@ec/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { adminUserKey } from './get-user';
import { requireUserGuid } from './user-path';

export const userGroupsKey = (userGuid: string) => [...adminUserKey(userGuid), 'groups'] as const;

/** GET /users/{user_guid}/groups → the user's platform groups (spec 1 §7). */
export const getUserGroups = (userGuid: string, signal?: AbortSignal) =>
  callOperation(userOperations.userGroups, { params: { user_guid: requireUserGuid(userGuid) }, signal });

export const userGroupsQueryOptions = (userGuid: string) =>
  queryOptions({
    queryKey: userGroupsKey(userGuid),
    queryFn: ({ signal }) => getUserGroups(userGuid, signal),
    select: (answer) => answer.groups,
  });

export const useUserGroups = (userGuid: string) => useQuery(userGroupsQueryOptions(userGuid));
