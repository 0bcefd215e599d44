import type { DeviceStatusFilter } from '@ec/contract/devices';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { useDevices } from '../../../lib/devices/get-devices';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { devicesByStatusParams, STATUS_LIST_PAGE_SIZE } from '../api/devices-by-status-params';
import { DEVICE_STATUS_COLUMNS } from './device-status-list';

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
        pageSize: STATUS_LIST_PAGE_SIZE,
      }}
    />
  );
}
