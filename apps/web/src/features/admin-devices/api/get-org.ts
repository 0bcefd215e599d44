import { useQueries } from '@tanstack/react-query';
import { getOrg } from '../../../lib/orgs/get-org';
import { queryRoots } from '../../../lib/query-keys';

/** Names of the given organizations; unknown or unreadable ones are simply missing. */
export function useOrgNames(orgGuids: readonly string[]): Map<string, string> {
  const results = useQueries({
    queries: orgGuids.map((orgGuid) => ({
      queryKey: [...queryRoots.admin, 'org', orgGuid] as const,
      queryFn: () => getOrg(orgGuid),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const names = new Map<string, string>();
  results.forEach((result, index) => {
    const guid = orgGuids[index];
    if (guid && result.data) names.set(guid, result.data.org_name);
  });
  return names;
}
