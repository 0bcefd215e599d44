import { getUserResponseSchema } from '@ec/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';
import { userPath } from './user-path';

export const adminUserKey = (userGuid: string) => [...adminUsersKey, 'user', userGuid] as const;

/** GET /users/{user_guid} → {user} (spec 1 §7). */
export const getUser = (userGuid: string, signal?: AbortSignal) =>
  api.get(userPath(userGuid), getUserResponseSchema, { signal });

export const userQueryOptions = (userGuid: string) =>
  queryOptions({
    queryKey: adminUserKey(userGuid),
    queryFn: ({ signal }) => getUser(userGuid, signal),
    select: (answer) => answer.user,
  });

export const useUser = (userGuid: string) => useQuery(userQueryOptions(userGuid));
