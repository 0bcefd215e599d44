import { entitlementOperations } from '@ec/contract/entitlements/entitlement-operations';
import { LICENSE_PAGE_SIZE, type ListLicensesQuery } from '@ec/contract/entitlements/licenses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { licenseKeys } from './license-keys';

/** GET /entitlements/licenses: one page (50, spec 3 §2.8, spec 2 §9) with the given filters. */
export function useLicensesPage(query: ListLicensesQuery) {
  const full = { pagination_size: LICENSE_PAGE_SIZE, ...query };
  return useQuery({
    queryKey: licenseKeys.page(full),
    queryFn: ({ signal }) => callOperation(entitlementOperations.listLicenses, { query: full, signal }),
    placeholderData: keepPreviousData,
  });
}
