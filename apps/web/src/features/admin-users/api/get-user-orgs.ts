import { type Org, orgOperations } from '@ec/contract/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';
import { adminUserKey } from './get-user';
import { requireUserGuid } from './user-path';

const PAGE_SIZE = 50;
const MAX_ROWS = 1000;

/** GET /orgs?user_guid=, every page: the organizations a user belongs to, with their access (spec 1 §2.7). */
export function getUserOrgs(userGuid: string, signal?: AbortSignal): Promise<Org[]> {
  return fetchAllPages(async (token) => {
    const answer = await callOperation(orgOperations.list, {
      query: {
        user_guid: requireUserGuid(userGuid),
        pagination_size: PAGE_SIZE,
        pagination_token: token ?? undefined,
      },
      signal,
    });
    return { rows: answer.orgs, pagination_token: answer.pagination_token };
  }, MAX_ROWS);
}

export const userOrgsQueryOptions = (userGuid: string) =>
  queryOptions({
    queryKey: [...adminUserKey(userGuid), 'orgs'] as const,
    queryFn: ({ signal }) => getUserOrgs(userGuid, signal),
  });

export const useUserOrgs = (userGuid: string) => useQuery(userOrgsQueryOptions(userGuid));
