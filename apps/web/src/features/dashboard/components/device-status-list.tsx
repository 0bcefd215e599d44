import { DEVICE_LIST_MAX_ROWS, type Device } from '@ec/contract/devices';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { DeviceLabel } from '../../../components/ui/device-label';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { useDevicesByGuid } from '../../../lib/devices/get-devices-by-guid';

/** Device, serial number and status: the columns of the status lists. */
export const DEVICE_STATUS_COLUMNS: DataTableColumn<Device>[] = [
  {
    id: 'device_name',
    header: 'Device',
    cell: (device) => (
      <DeviceLabel
        deviceGuid={device.device_guid}
        name={device.device_name}
        online={device.online}
        alertCount={device.alert_count}
      />
    ),
    sortValue: (device) => device.device_name.toLowerCase(),
  },
  {
    id: 'serial_number',
    header: 'Serial Number',
    cell: (device) => device.serial_number,
    sortValue: (device) => device.serial_number,
  },
  {
    id: 'streaming_status',
    header: 'Status',
    cell: (device) => (
      <StreamingStatusChip status={device.streaming_status} alertCount={device.alert_count} />
    ),
  },
];

/**
 * The devices `deviceGuids` names (a fleet's online, streaming or alerting ones), looked up by guid: up
 * to the 1000 rows a list holds (spec 2 §2.3), the first the status names.
 */
export function DeviceStatusList(props: { label: string; deviceGuids: readonly string[] }) {
  const { devices, query } = useDevicesByGuid(props.deviceGuids.slice(0, DEVICE_LIST_MAX_ROWS));
  return (
    <DataTable
      label={props.label}
      columns={DEVICE_STATUS_COLUMNS}
      rows={[...devices.values()]}
      rowKey={(device) => device.device_guid}
      emptyText="No devices"
      query={query}
      defaultSort={{ columnId: 'device_name', direction: 'asc' }}
      paging={{ kind: 'client', pageSizes: [10, 25, 50, -1] }}
    />
  );
}
