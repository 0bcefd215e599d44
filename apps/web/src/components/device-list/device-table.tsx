import { deploymentStatusLabel, metadataValue } from '@ec/contract/device-metadata';
import type { Device } from '@ec/contract/devices';
import type { ReactNode } from 'react';
import { formatTimestamp } from '../../lib/format-date';
import { DataTable } from '../ui/data-table/data-table';
import type { DataTableColumn, DataTablePaging, DataTableQuery } from '../ui/data-table/data-table-types';
import { DeviceLabel } from '../ui/device-label';
import { StreamingStatusChip } from '../ui/streaming-status-chip';
import {
  columnDisplay,
  columnHeader,
  columnId,
  type DeviceLayoutColumn,
  deviceAlias,
} from './device-columns';
import { useDeviceLayout } from './use-device-layout';

/** What one layout column shows for a device. */
function DeviceLayoutCell(props: { device: Device; column: DeviceLayoutColumn }): ReactNode {
  const { device, column } = props;
  switch (column.component) {
    case 'metadata': {
      const value = metadataValue(device.metadata, column.key);
      return column.key === 'deployment_status' ? deploymentStatusLabel(value) : (value ?? '');
    }
    case 'streaming_status':
      return <StreamingStatusChip status={device.streaming_status} alertCount={device.alert_count} />;
    case 'last_state_update':
      return formatTimestamp(device.last_state_update);
    default:
      return device[column.component] ?? '';
  }
}

/** A DataTable column for one column of the device layout; shared with the Provisioned Devices view. */
export const deviceLayoutColumn = (
  column: DeviceLayoutColumn,
  display: DataTableColumn<Device>['display'],
): DataTableColumn<Device> => ({
  id: columnId(column),
  header: columnHeader(column),
  display,
  cell: (device) => <DeviceLayoutCell device={device} column={column} />,
});

const deviceName = (device: Device) => {
  const alias = deviceAlias(device);
  return alias ? `${device.device_name} (${alias})` : device.device_name;
};

/** The device table: device label plus this browser's column layout, with optional row selection. */
export function DeviceTable(props: {
  devices: readonly Device[];
  selected?: ReadonlySet<string>;
  onToggle?: (device: Device) => void;
  onToggleAll?: (checked: boolean, devices: readonly Device[]) => void;
  query?: DataTableQuery;
  paging?: DataTablePaging;
  label?: string;
}) {
  const { selected, onToggle, onToggleAll } = props;
  const { layout, reactive } = useDeviceLayout();
  const columns: DataTableColumn<Device>[] = [
    {
      id: 'device',
      header: 'Device',
      cell: (device) => (
        <DeviceLabel
          deviceGuid={device.device_guid}
          name={deviceName(device)}
          online={device.online}
          alertCount={device.alert_count}
        />
      ),
    },
    ...layout.map((column, index) => deviceLayoutColumn(column, columnDisplay(index, reactive))),
  ];

  return (
    <DataTable
      label={props.label ?? 'Devices'}
      columns={columns}
      rows={props.devices}
      rowKey={(device) => device.device_guid}
      emptyText="No devices"
      query={props.query}
      paging={props.paging}
      selection={
        selected && onToggle && onToggleAll
          ? {
              selected,
              onToggle,
              onToggleAll,
              rowLabel: (device) => `Select ${device.device_name || device.serial_number}`,
              allLabel: 'Select all devices on this page',
            }
          : undefined
      }
    />
  );
}
