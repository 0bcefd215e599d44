import type { Device } from '@ec/contract/devices';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { SERIAL_SEARCH_PAUSE_MS } from '../../../components/device-list/device-list-toolbar';
import { useDeviceSelection } from '../../../components/device-list/use-device-selection';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { SearchField } from '../../../components/ui/search-field';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { useDevices } from '../../../lib/devices/get-devices';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { bulkDeviceName } from './bulk-device-row';

/** Spec 2 §9: the device selector shows 50 devices a page. */
export const DEVICE_SELECTOR_PAGE_SIZE = 50;

const columns: DataTableColumn<Device>[] = [
  { id: 'name', header: 'Device', cell: (device) => bulkDeviceName(device) },
  { id: 'serial', header: 'Serial Number', cell: (device) => device.serial_number },
  {
    id: 'status',
    header: 'Status',
    cell: (device) => (
      <StreamingStatusChip status={device.streaming_status} alertCount={device.alert_count} />
    ),
    display: { xs: 'none', sm: 'table-cell' },
  },
];

/**
 * The device selector (spec 2 §2.3): the organization's devices 50 a page with a serial search (applied
 * 2 s after typing stops), ticked across pages and searches. Done hands back the devices ticked.
 */
export function DeviceSelectorDialog(props: {
  open: boolean;
  initial: ReadonlyMap<string, Device>;
  onClose: () => void;
  onDone: (devices: ReadonlyMap<string, Device>) => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 800, maxWidth: 'calc(100% - 32px)', mx: 2 } } }}
    >
      <DialogTitle id={titleId}>Select Devices</DialogTitle>
      {props.open && <SelectorBody {...props} />}
    </Dialog>
  );
}

function SelectorBody(props: {
  initial: ReadonlyMap<string, Device>;
  onClose: () => void;
  onDone: (devices: ReadonlyMap<string, Device>) => void;
}) {
  const [serial, setSerial] = useState('');
  const { selected: chosen, toggle, toggleAll } = useDeviceSelection(props.initial);
  const serialFilter = useDebouncedValue(serial.trim(), SERIAL_SEARCH_PAUSE_MS);
  const paging = useTokenPagination([serialFilter]);
  const devices = useDevices({
    serial_number: serialFilter || undefined,
    pagination_size: DEVICE_SELECTOR_PAGE_SIZE,
    pagination_token: paging.token,
  });

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <SearchField
              label="Serial Number"
              value={serial}
              onChange={setSerial}
              placeholder="Search by serial number"
              width={280}
            />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {chosen.size} selected
            </Typography>
          </Stack>
          <DataTable
            label="Organization devices"
            columns={columns}
            rows={devices.data?.devices ?? []}
            rowKey={(device) => device.device_guid}
            emptyText="No devices"
            query={devices}
            paging={{
              kind: 'token',
              state: paging,
              nextToken: devices.data?.pagination_token ?? null,
              pageSize: DEVICE_SELECTOR_PAGE_SIZE,
            }}
            selection={{
              selected: new Set(chosen.keys()),
              onToggle: toggle,
              onToggleAll: toggleAll,
              rowLabel: (device) => `Select ${bulkDeviceName(device)}`,
              allLabel: 'Select all devices on this page',
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => props.onDone(chosen)}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
