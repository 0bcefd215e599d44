import type { DeviceStatusFilter } from '@ec/contract/devices';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { type DeviceListParams, useDevices } from '../../../lib/devices/get-devices';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { DEVICE_STATUS_COLUMNS } from './device-status-list';

/** Rows a page: what the dashboard's lists showed before they were paged on the server. */
const PAGE_SIZE = 10;

/** What a status list asks GET /devices for: its status and its page (the first: null). */
export const devicesByStatusParams = (
  status: DeviceStatusFilter,
  token: string | null,
): DeviceListParams => ({
  device_status: status,
  pagination_size: PAGE_SIZE,
  pagination_token: token,
});

/**
 * The organization's devices online or streaming, by name, a page at a time from the server: an
 * organization of 10,000 devices has thousands of each, more than a list fetched whole holds
 * (decision 241).
 */
export function DevicesByStatusList(props: { label: string; status: DeviceStatusFilter }) {
  const paging = useTokenPagination([props.status]);
  const devices = useDevices(devicesByStatusParams(props.status, paging.token));
  return (
    <DataTable
      label={props.label}
      columns={DEVICE_STATUS_COLUMNS}
      rows={devices.data?.devices ?? []}
      rowKey={(device) => device.device_guid}
      emptyText="No devices"
      query={devices}
      paging={{
        kind: 'token',
        state: paging,
        nextToken: devices.data?.pagination_token ?? null,
        pageSize: PAGE_SIZE,
      }}
    />
  );
}
