import { deviceOperations, PROVISIONED_PAGE_SIZE } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export interface ProvisionedDevicesParams {
  serial_number?: string;
  product_names?: DeviceProduct[];
  pagination_token?: string | null;
}

/**
 * GET /provisioning/devices: platform DeviceManagement staff get every provisioned device, each with its
 * org_guid or null (spec 2 §2.8), whichever organization is selected (its header goes on every call).
 */
export const getProvisionedDevices = (params: ProvisionedDevicesParams, signal?: AbortSignal) =>
  callOperation(deviceOperations.listProvisioned, {
    query: {
      ...params,
      pagination_token: params.pagination_token ?? undefined,
      pagination_size: PROVISIONED_PAGE_SIZE,
    },
    signal,
  });

export const provisionedDevicesQueryOptions = (params: ProvisionedDevicesParams) =>
  queryOptions({
    queryKey: [...queryRoots.admin, 'devices', params] as const,
    queryFn: ({ signal }) => getProvisionedDevices(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useProvisionedDevices = (params: ProvisionedDevicesParams, enabled = true) =>
  useQuery({ ...provisionedDevicesQueryOptions(params), enabled });
