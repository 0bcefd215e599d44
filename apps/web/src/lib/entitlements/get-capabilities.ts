import { entitlementOperations } from '@ec/contract/entitlements/entitlement-operations';
import type { Product } from '@ec/contract/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';

/** GET /entitlements/capabilities/{product}: the product's hardware and capability profile. */
export const capabilitiesQueryOptions = (product: Product) =>
  queryOptions({
    queryKey: ['capabilities', product] as const,
    queryFn: ({ signal }) =>
      callOperation(entitlementOperations.capabilities, { params: { product }, signal }),
    staleTime: 60 * 60_000,
  });

export function useCapabilities(product: Product, enabled = true) {
  return useQuery({ ...capabilitiesQueryOptions(product), enabled });
}
