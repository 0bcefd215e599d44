import { entitlementOperations } from '@ec/contract/entitlements/entitlement-operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';

/** GET /entitlements/devices/{device_guid}/licenses → the device's licences, expired ones too. */
export const getDeviceLicenses = (deviceGuid: string, signal?: AbortSignal) =>
  callOperation(entitlementOperations.deviceLicenses, { params: { device_guid: deviceGuid }, signal });

export const deviceLicensesQueryOptions = (orgGuid: string | null, deviceGuid: string) =>
  queryOptions({
    queryKey: [...queryRoots.device(orgGuid, deviceGuid), 'licenses'] as const,
    queryFn: ({ signal }) => getDeviceLicenses(deviceGuid, signal),
  });

export function useDeviceLicenses(deviceGuid: string) {
  const { orgGuid } = useSession();
  return useQuery(deviceLicensesQueryOptions(orgGuid, deviceGuid));
}
