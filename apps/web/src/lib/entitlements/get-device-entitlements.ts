import { entitlementOperations } from '@ec/contract/entitlements/entitlement-operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { queryRoots } from '../query-keys';
import { useSession } from '../session/session-store';

/** GET /entitlements/devices/{device_guid}: what the device is licensed for (its gates read it). */
export const deviceEntitlementsQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: [...queryRoots.device(orgGuid, deviceGuid), 'entitlements'] as const,
    queryFn: ({ signal }) =>
      callOperation(entitlementOperations.device, { params: { device_guid: deviceGuid }, signal }),
    staleTime: 60_000,
  });

export function useDeviceEntitlements(deviceGuid: string) {
  const { orgGuid } = useSession();
  return useQuery(deviceEntitlementsQueryOptions(orgGuid, deviceGuid));
}
