import type { Device } from '@ec/contract/devices';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { DeviceLabel } from '../../../components/ui/device-label';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { formatTimestamp } from '../../../lib/format-date';
import { useDeviceLayout } from '../hooks/use-device-layout';
import {
  columnDisplay,
  columnHeader,
  columnId,
  type DeviceLayoutColumn,
  deviceAlias,
} from '../logic/device-columns';
import { deploymentStatusLabel, metadataValue } from '../logic/device-metadata';

/** What one layout column shows for a device; shared with the Provisioned Devices view. */
export function DeviceLayoutCell(props: { device: Device; column: DeviceLayoutColumn }): ReactNode {
  const { device, column } = props;
  switch (column.component) {
    case 'metadata': {
      const value = metadataValue(device, column.key);
      return column.key === 'deployment_status' ? deploymentStatusLabel(value) : (value ?? '');
    }
    case 'streaming_status':
      return <StreamingStatusChip status={device.streaming_status} />;
    case 'last_state_update':
      return formatTimestamp(device.last_state_update);
    default:
      return device[column.component] ?? '';
  }
}

/** The device table: device label plus this browser's column layout, with optional row selection. */
export function DeviceTable(props: {
  devices: readonly Device[];
  selected?: ReadonlySet<string>;
  onToggle?: (device: Device) => void;
  onToggleAll?: (checked: boolean) => void;
  loading?: boolean;
  label?: string;
}) {
  const { devices, selected, onToggle, onToggleAll } = props;
  const { layout, reactive } = useDeviceLayout();
  const selectable = Boolean(selected && onToggle);
  const selectedOnPage = devices.filter((device) => selected?.has(device.device_guid)).length;

  return (
    <TableContainer>
      <Table size="small" aria-label={props.label ?? 'Devices'} aria-busy={props.loading || undefined}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  slotProps={{ input: { 'aria-label': 'Select all devices on this page' } }}
                  checked={devices.length > 0 && selectedOnPage === devices.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < devices.length}
                  onChange={(event) => onToggleAll?.(event.target.checked)}
                  disabled={devices.length === 0}
                />
              </TableCell>
            )}
            <TableCell>Device</TableCell>
            {layout.map((column, index) => (
              <TableCell key={columnId(column)} sx={{ display: columnDisplay(index, reactive) }}>
                {columnHeader(column)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((device) => {
            const alias = deviceAlias(device);
            const name = alias ? `${device.device_name} (${alias})` : device.device_name;
            const isSelected = selected?.has(device.device_guid) ?? false;
            return (
              <TableRow key={device.device_guid} hover selected={isSelected}>
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isSelected}
                      onChange={() => onToggle?.(device)}
                      slotProps={{
                        input: { 'aria-label': `Select ${device.device_name || device.serial_number}` },
                      }}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <DeviceLabel deviceGuid={device.device_guid} name={name} online={device.online} />
                </TableCell>
                {layout.map((column, index) => (
                  <TableCell key={columnId(column)} sx={{ display: columnDisplay(index, reactive) }}>
                    <DeviceLayoutCell device={device} column={column} />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
          {devices.length === 0 && !props.loading && (
            <EmptyTableRow colSpan={layout.length + (selectable ? 2 : 1)}>No devices</EmptyTableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
