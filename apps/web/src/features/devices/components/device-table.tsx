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
import {
  COLUMN_HEADERS,
  columnDisplay,
  DEFAULT_DEVICE_LAYOUT,
  type DeviceColumn,
  deviceAlias,
} from '../logic/device-columns';

function cell(device: Device, column: DeviceColumn): ReactNode {
  switch (column) {
    case 'streaming_status':
      return <StreamingStatusChip status={device.streaming_status} />;
    case 'last_state_update':
      return formatTimestamp(device.last_state_update);
    default:
      return device[column] ?? '';
  }
}

/** The device table: device label plus the column layout, with optional row selection. */
export function DeviceTable(props: {
  devices: readonly Device[];
  layout?: readonly DeviceColumn[];
  selected?: ReadonlySet<string>;
  onToggle?: (device: Device) => void;
  onToggleAll?: (checked: boolean) => void;
  loading?: boolean;
  label?: string;
}) {
  const { devices, layout = DEFAULT_DEVICE_LAYOUT, selected, onToggle, onToggleAll } = props;
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
              <TableCell key={column} sx={{ display: columnDisplay(index) }}>
                {COLUMN_HEADERS[column]}
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
                  <TableCell key={column} sx={{ display: columnDisplay(index) }}>
                    {cell(device, column)}
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
