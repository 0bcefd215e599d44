import { fleetOperations } from '@ec/contract/fleets';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** The fleets a rollout may target: the organization's, read while the Roll Out dialog asks for one. */
export function useFleetChoices(enabled: boolean) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: [...queryRoots.org(orgGuid), 'fleets', 'rollout-choices'],
    queryFn: async ({ signal }) =>
      (await callOperation(fleetOperations.list, { query: { pagination_size: 1000 }, signal })).fleets,
    enabled,
  });
}
