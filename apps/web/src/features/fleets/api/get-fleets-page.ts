import { FLEET_PAGE_SIZE, fleetOperations } from '@ec/contract/fleets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { useSession } from '../../../lib/session/session-store';

export interface FleetsPageParams {
  fleet_name?: string;
  /** The caller's own guid: only the fleets they are a fleet user of ('Assigned To Me'). */
  user_guid?: string;
  pagination_token?: string | null;
}

/** GET /fleets: one page of the organization's fleets (50, spec 2 §2.6), searched by name on the server. */
export const getFleetsPage = (params: FleetsPageParams) =>
  callOperation(fleetOperations.list, {
    query: {
      ...params,
      pagination_token: params.pagination_token ?? undefined,
      pagination_size: FLEET_PAGE_SIZE,
    },
  });

export function useFleetsPage(params: FleetsPageParams, enabled = true) {
  const { orgGuid } = useSession();
  return useQuery({
    queryKey: fleetKeys.page(orgGuid, params),
    queryFn: () => getFleetsPage(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
