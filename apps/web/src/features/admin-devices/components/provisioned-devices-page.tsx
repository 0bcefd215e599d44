import { hasGroup } from '@ec/contract/access';
import { type Device, PROVISIONED_PAGE_SIZE } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DeviceListToolbar,
  PRODUCT_FILTER_PAUSE_MS,
  SERIAL_SEARCH_PAUSE_MS,
} from '../../../components/device-list/device-list-toolbar';
import { deviceLayoutColumn } from '../../../components/device-list/device-table';
import { useDeviceLayout } from '../../../components/device-list/use-device-layout';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { DeviceLabel } from '../../../components/ui/device-label';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { paths } from '../../../config/paths';
import { useMyOrgs } from '../../../lib/session/get-orgs';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useOrgNames } from '../api/get-org';
import { useProvisionedDevices } from '../api/get-provisioned-devices';

function IpCell({ device }: { device: Device }) {
  const tip = device.online ? (device.external_ip ?? '') : 'Device Offline';
  return (
    <Tooltip title={tip} describeChild>
      <span>{device.device_ip ?? '—'}</span>
    </Tooltip>
  );
}

/** /admin/devices, 'Provisioned Devices' (spec 2 §2.8): every provisioned device, for platform staff. */
export function ProvisionedDevicesPage() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const allowed = hasGroup(user.data?.user.groups ?? [], 'DeviceManagement');
  const [serial, setSerial] = useState('');
  const [products, setProducts] = useState<DeviceProduct[]>([]);
  const serialFilter = useDebouncedValue(serial.trim(), SERIAL_SEARCH_PAUSE_MS);
  const productFilter = useDebouncedValue(products, PRODUCT_FILTER_PAUSE_MS);
  const paging = useTokenPagination([serialFilter, productFilter]);

  const devices = useProvisionedDevices(
    {
      serial_number: serialFilter || undefined,
      product_names: productFilter.length ? productFilter : undefined,
      pagination_token: paging.token,
    },
    allowed,
  );
  const rows = devices.data?.devices ?? [];
  const nextToken = devices.data?.pagination_token ?? null;

  // Besides its fixed columns, this view shows the metadata and state columns of the device layout.
  const { layout } = useDeviceLayout();
  const extraColumns = layout.filter(
    (column) => column.component === 'metadata' || column.component === 'last_state_update',
  );

  const myOrgs = useMyOrgs();
  const orgGuids = useMemo(
    () => [...new Set(rows.map((d) => d.org_guid).filter((g): g is string => Boolean(g)))],
    [rows],
  );
  const known = new Map((myOrgs.data ?? []).map((org) => [org.org_guid, org.org_name]));
  const fetched = useOrgNames(orgGuids.filter((guid) => !known.has(guid)));
  const orgName = (guid: string | null) =>
    guid ? (known.get(guid) ?? fetched.get(guid) ?? guid) : 'Not adopted';

  const columns: DataTableColumn<Device>[] = [
    { id: 'org', header: 'Organization', cell: (device) => orgName(device.org_guid) },
    {
      id: 'device',
      header: 'Device',
      cell: (device) => (
        <>
          <DeviceLabel
            deviceGuid={device.device_guid}
            name={device.device_name}
            online={device.online}
            alertCount={device.alert_count}
          />
          <Typography variant="caption" color="text.secondary">
            {device.serial_number}
          </Typography>
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (device) => (
        <StreamingStatusChip status={device.streaming_status} alertCount={device.alert_count} />
      ),
    },
    { id: 'ip', header: 'IP Address', cell: (device) => <IpCell device={device} /> },
    {
      id: 'firmware',
      header: 'Firmware',
      display: { xs: 'none', md: 'table-cell' },
      cell: (device) => device.firmware_version,
    },
    ...extraColumns.map((column) => deviceLayoutColumn(column, { xs: 'none', lg: 'table-cell' })),
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Provisioned Devices</Typography>
      {!allowed && user.isSuccess && (
        <Alert severity="warning">This view needs the DeviceManagement group.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <DeviceListToolbar
            serial={serial}
            onSerialChange={setSerial}
            products={products}
            onProductsChange={setProducts}
          />
          <DataTable
            label="Provisioned Devices"
            columns={columns}
            rows={rows}
            rowKey={(device) => device.device_guid}
            emptyText="No devices"
            query={devices}
            paging={{ kind: 'token', state: paging, nextToken, pageSize: PROVISIONED_PAGE_SIZE }}
            rowProps={(device) => ({
              onClick: () => navigate(paths.devices.detail.getHref(device.device_guid)),
            })}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
