import { entitlementOperations } from '@ec/contract/entitlements/entitlement-operations';
import { LICENSE_PAGE_SIZE } from '@ec/contract/entitlements/licenses';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { licenseKeys } from './license-keys';

/** GET /entitlements/licenses/{license_id}/allocations: one page of 50 (spec 3 §9). */
export function useAllocations(licenseId: string, token: string | null) {
  return useQuery({
    queryKey: licenseKeys.allocations(licenseId, token),
    queryFn: ({ signal }) =>
      callOperation(entitlementOperations.listAllocations, {
        params: { license_id: licenseId },
        query: { pagination_size: LICENSE_PAGE_SIZE, pagination_token: token ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST (allocate) or DELETE (de-allocate) the listed devices; the licence lists read again after. */
export function useChangeAllocations(licenseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, devices }: { change: 'allocate' | 'deallocate'; devices: string[] }) =>
      callOperation(entitlementOperations[change], { params: { license_id: licenseId }, body: { devices } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: licenseKeys.all }),
  });
}
