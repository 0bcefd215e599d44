import { USERS_PAGE_SIZE, type UserSearchAttribute, userOperations } from '@ec/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export interface UsersSearch {
  search_attribute: UserSearchAttribute;
  search_value?: string;
  pagination_token?: string | null;
}

/** Every query of user administration sits under this key; edits and deletions invalidate it. */
export const adminUsersKey = [...queryRoots.admin, 'users'] as const;

/** GET /users: a starts-with search on one attribute, 50 a page, with the count of all matches (spec 1 §7). */
export const getUsers = (search: UsersSearch, signal?: AbortSignal) =>
  callOperation(userOperations.list, {
    query: {
      ...search,
      pagination_token: search.pagination_token ?? undefined,
      pagination_size: USERS_PAGE_SIZE,
      starts_with: true,
      enabled: true,
    },
    signal,
  });

export const usersQueryOptions = (search: UsersSearch) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', search] as const,
    queryFn: ({ signal }) => getUsers(search, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (search: UsersSearch, enabled = true) =>
  useQuery({ ...usersQueryOptions(search), enabled });
