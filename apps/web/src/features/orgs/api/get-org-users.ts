import {
  listOrgUsersResponseSchema,
  ORG_TABLE_MAX_ROWS,
  ORG_USERS_PAGE_SIZE,
  type OrgUser,
} from '@ec/contract/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { orgKeys } from './org-keys';

/** GET /orgs/{org_guid}/users, 50 a page, until the table's 200 rows are filled (spec 1 §9). */
export async function getOrgUsers(orgGuid: string): Promise<OrgUser[]> {
  const users: OrgUser[] = [];
  let token: string | null = null;
  do {
    const answer: z.output<typeof listOrgUsersResponseSchema> = await api.get(
      `/orgs/${encodeURIComponent(orgGuid)}/users`,
      listOrgUsersResponseSchema,
      { params: { pagination_size: ORG_USERS_PAGE_SIZE, pagination_token: token }, withOrg: false },
    );
    users.push(...answer.users);
    token = answer.pagination_token;
  } while (token && users.length < ORG_TABLE_MAX_ROWS);
  return users.slice(0, ORG_TABLE_MAX_ROWS);
}

export const orgUsersQueryOptions = (orgGuid: string) =>
  queryOptions({ queryKey: orgKeys.users(orgGuid), queryFn: () => getOrgUsers(orgGuid) });

export const useOrgUsers = (orgGuid: string) => useQuery(orgUsersQueryOptions(orgGuid));
