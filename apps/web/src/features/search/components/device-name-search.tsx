import { DEVICE_PAGE_SIZE, type Device } from '@ec/contract/devices';
import Stack from '@mui/material/Stack';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { DeviceLabel } from '../../../components/ui/device-label';
import { SearchField } from '../../../components/ui/search-field';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useDeviceNameSearch } from '../api/search-device-names';
import { SearchHint } from './search-hint';

const COLUMNS: DataTableColumn<Device>[] = [
  {
    id: 'device',
    header: 'Device',
    cell: (device) => (
      <DeviceLabel
        deviceGuid={device.device_guid}
        name={device.device_name}
        online={device.online}
        alertCount={device.alert_count}
      />
    ),
  },
  { id: 'serial_number', header: 'Serial Number', cell: (device) => device.serial_number },
  {
    id: 'streaming_status',
    header: 'Status',
    cell: (device) => (
      <StreamingStatusChip status={device.streaming_status} alertCount={device.alert_count} />
    ),
  },
];

/** The Device Name tab: devices whose name (from their System shadow) contains the text, 25 a page. */
export function DeviceNameSearch(props: {
  text: string;
  onTextChange: (text: string) => void;
  filter: string;
  timestamp: string | null;
}) {
  const { filter, timestamp } = props;
  const paging = useTokenPagination([filter, timestamp]);
  const results = useDeviceNameSearch({ filter, timestamp, token: paging.token });
  return (
    <Stack spacing={2}>
      <SearchField label="Search Device Name" value={props.text} onChange={props.onTextChange} />
      {filter ? (
        <DataTable
          label="Device name search results"
          columns={COLUMNS}
          rows={results.data?.devices ?? []}
          rowKey={(device) => device.device_guid}
          emptyText="No devices"
          query={results}
          paging={{
            kind: 'token',
            state: paging,
            nextToken: results.data?.pagination_token,
            pageSize: DEVICE_PAGE_SIZE,
          }}
        />
      ) : (
        <SearchHint />
      )}
    </Stack>
  );
}
