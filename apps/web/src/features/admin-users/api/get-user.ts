import { userOperations } from '@ec/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';
import { requireUserGuid } from './user-path';

export const adminUserKey = (userGuid: string) => [...adminUsersKey, 'user', userGuid] as const;

/** GET /users/{user_guid} → {user} (spec 1 §7). */
export const getUser = (userGuid: string, signal?: AbortSignal) =>
  callOperation(userOperations.get, { params: { user_guid: requireUserGuid(userGuid) }, signal });

export const userQueryOptions = (userGuid: string) =>
  queryOptions({
    queryKey: adminUserKey(userGuid),
    queryFn: ({ signal }) => getUser(userGuid, signal),
    select: (answer) => answer.user,
  });

export const useUser = (userGuid: string) => useQuery(userQueryOptions(userGuid));
