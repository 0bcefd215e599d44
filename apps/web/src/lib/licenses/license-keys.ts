import type { ListLicensesQuery } from '@ec/contract/entitlements/licenses';
import { queryRoots } from '../query-keys';

/**
 * Licence queries: the administrators' table and an organization's licence manager read the same
 * list call, so one root refreshes both after a licence or an allocation changes.
 */
export const licenseKeys = {
  all: [...queryRoots.session, 'licenses'] as const,
  page: (query: ListLicensesQuery) => [...queryRoots.session, 'licenses', 'page', query] as const,
  allocations: (licenseId: string, token: string | null) =>
    [...queryRoots.session, 'licenses', 'allocations', licenseId, token] as const,
};
