import { queryRoots } from '../../../lib/query-keys';

/** The organization's rollouts, under its key: the live channel's rollout events refresh them all. */
export const rolloutKeys = {
  all: (orgGuid: string | null) => [...queryRoots.org(orgGuid), 'rollouts'] as const,
  list: (orgGuid: string | null, query: object) =>
    [...queryRoots.org(orgGuid), 'rollouts', 'list', query] as const,
  one: (orgGuid: string | null, rolloutGuid: string) =>
    [...queryRoots.org(orgGuid), 'rollouts', 'one', rolloutGuid] as const,
};
