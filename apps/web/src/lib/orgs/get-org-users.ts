import { ORG_TABLE_MAX_ROWS, ORG_USERS_PAGE_SIZE, type OrgUser, orgOperations } from '@ec/contract/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { fetchAllPages } from '../fetch-all-pages';
import { orgKeys } from './org-keys';
import { requireOrgGuid } from './org-path';

/** GET /orgs/{org_guid}/users, 50 a page, until the table's 200 rows are filled (spec 1 §9). */
export function getOrgUsers(orgGuid: string): Promise<OrgUser[]> {
  return fetchAllPages(async (token) => {
    const answer = await callOperation(orgOperations.listUsers, {
      params: { org_guid: requireOrgGuid(orgGuid) },
      query: { pagination_size: ORG_USERS_PAGE_SIZE, pagination_token: token ?? undefined },
    });
    return { rows: answer.users, pagination_token: answer.pagination_token };
  }, ORG_TABLE_MAX_ROWS);
}

export const orgUsersQueryOptions = (orgGuid: string) =>
  queryOptions({ queryKey: orgKeys.users(orgGuid), queryFn: () => getOrgUsers(orgGuid) });

export const useOrgUsers = (orgGuid: string) => useQuery(orgUsersQueryOptions(orgGuid));
