import { userOperations } from '@ec/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';

/** GET /users/groups → the platform groups that can be granted, with descriptions (spec 1 §3, §7). */
export const getGroups = (signal?: AbortSignal) => callOperation(userOperations.groups, { signal });

export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminUsersKey, 'groups'] as const,
    queryFn: ({ signal }) => getGroups(signal),
    select: (answer) => answer.groups,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useGroups = () => useQuery(groupsQueryOptions());
