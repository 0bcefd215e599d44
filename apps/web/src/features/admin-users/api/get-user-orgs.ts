import { listOrgsResponseSchema, type Org } from '@ec/contract/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminUserKey } from './get-user';

const PAGE_SIZE = 50;
const MAX_PAGES = 20;

/** GET /orgs?user_guid=, every page: the organizations a user belongs to, with their access (spec 1 §2.7). */
export async function getUserOrgs(userGuid: string, signal?: AbortSignal): Promise<Org[]> {
  const orgs: Org[] = [];
  let token: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: z.output<typeof listOrgsResponseSchema> = await api.get('/orgs', listOrgsResponseSchema, {
      params: { user_guid: userGuid, pagination_size: PAGE_SIZE, pagination_token: token },
      withOrg: false,
      signal,
    });
    orgs.push(...answer.orgs);
    token = answer.pagination_token;
    if (!token) break;
  }
  return orgs;
}

export const userOrgsQueryOptions = (userGuid: string) =>
  queryOptions({
    queryKey: [...adminUserKey(userGuid), 'orgs'] as const,
    queryFn: ({ signal }) => getUserOrgs(userGuid, signal),
  });

export const useUserOrgs = (userGuid: string) => useQuery(userOrgsQueryOptions(userGuid));
