import { metricOperations } from '@ec/contract/metrics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** GET /devices/metrics: the metrics the organization's devices report, by namespace (the explorer's choices). */
export const metricNamespacesQueryOptions = (orgGuid: string | null) =>
  queryOptions({
    queryKey: [...queryRoots.org(orgGuid), 'metric-namespaces'] as const,
    queryFn: ({ signal }) =>
      callOperation(metricOperations.namespaces, { query: { org_guid: orgGuid ?? undefined }, signal }),
    staleTime: 60_000,
  });

export function useMetricNamespaces() {
  const { orgGuid } = useSession();
  return useQuery(metricNamespacesQueryOptions(orgGuid));
}
