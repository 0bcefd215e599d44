import { type Org, orgOperations } from '@ec/contract/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { fetchAllPages } from '../fetch-all-pages';
import { queryRoots } from '../query-keys';
import { pickOrg } from './auto-select-org';
import { isSessionValid, sessionStore, useSession } from './session-store';

const PAGE_SIZE = 50;
const MAX_ROWS = 2000;

/** GET /orgs, every page: the signed-in user's organizations with their access level. */
export async function getMyOrgs(): Promise<Org[]> {
  const orgs = await fetchAllPages(async (token) => {
    const answer = await callOperation(orgOperations.list, {
      query: { pagination_size: PAGE_SIZE, pagination_token: token ?? undefined },
    });
    return { rows: answer.orgs, pagination_token: answer.pagination_token };
  }, MAX_ROWS);
  orgs.sort((a, b) => a.org_name.localeCompare(b.org_name));
  // Auto-select before anyone reads the answer, so guards and requests see the organization at once.
  const state = sessionStore.getState();
  sessionStore.selectOrg(pickOrg(orgs, state.orgGuid, sessionStore.lastOrgGuid()));
  return orgs;
}

/** Organization lists are reused for 60 s unless a refresh is forced (spec 1 §4.2). */
export const myOrgsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.session, 'orgs'] as const,
    queryFn: getMyOrgs,
    staleTime: 60_000,
  });

export function useMyOrgs() {
  const { expiresAt } = useSession();
  return useQuery({ ...myOrgsQueryOptions(), enabled: isSessionValid(expiresAt) });
}

/** The selected organization with the user's access to it, once the list is loaded. */
export function useCurrentOrg(): { orgGuid: string | null; org: Org | undefined; isPending: boolean } {
  const { orgGuid } = useSession();
  const orgs = useMyOrgs();
  return {
    orgGuid,
    org: orgs.data?.find((org) => org.org_guid === orgGuid),
    isPending: orgs.isPending,
  };
}
