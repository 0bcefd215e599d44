import { queryRoots } from '../query-keys';

/**
 * Organization queries sit under the session's 'orgs' key, next to the caller's organization list, so
 * that creating, renaming or deleting an organization refreshes every one of them at once.
 */
export const orgKeys = {
  all: [...queryRoots.session, 'orgs'] as const,
  page: (params: { org_name?: string; pagination_token?: string | null; scope?: 'all' }) =>
    [...queryRoots.session, 'orgs', 'page', params] as const,
  one: (orgGuid: string) => [...queryRoots.session, 'orgs', 'one', orgGuid] as const,
  users: (orgGuid: string) => [...queryRoots.session, 'orgs', 'one', orgGuid, 'users'] as const,
};
