import { hasGroup } from '@ec/contract/access';
import { type Device, PROVISIONED_PAGE_SIZE } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DeviceLabel } from '../../../components/ui/device-label';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ProductFilter } from '../../../components/ui/product-filter';
import { StreamingStatusChip } from '../../../components/ui/streaming-status-chip';
import { TokenPagination } from '../../../components/ui/token-pagination';
import { paths } from '../../../config/paths';
import { useMyOrgs } from '../../../lib/session/get-orgs';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { DeviceLayoutButton } from '../../devices/components/device-layout-dialog';
import { DeviceLayoutCell } from '../../devices/components/device-table';
import { useDeviceLayout } from '../../devices/hooks/use-device-layout';
import { columnHeader, columnId } from '../../devices/logic/device-columns';
import { useOrgNames } from '../api/get-org';
import { useProvisionedDevices } from '../api/get-provisioned-devices';

const SEARCH_PAUSE_MS = 2000;
const PRODUCT_PAUSE_MS = 500;

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
  const serialFilter = useDebouncedValue(serial.trim(), SEARCH_PAUSE_MS);
  const productFilter = useDebouncedValue(products, PRODUCT_PAUSE_MS);
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

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Provisioned Devices</Typography>
      {!allowed && user.isSuccess && (
        <Alert severity="warning">This view needs the DeviceManagement group.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Serial Number"
              type="search"
              size="small"
              margin="none"
              value={serial}
              onChange={(event) => setSerial(event.target.value)}
              placeholder="Search by serial number"
              sx={{ maxWidth: { sm: 280 } }}
            />
            <ProductFilter value={products} onChange={setProducts} />
            <Stack direction="row" sx={{ flexGrow: 1, justifyContent: 'flex-end' }}>
              <DeviceLayoutButton />
            </Stack>
          </Stack>
          <ErrorAlert error={devices.error} />
          {devices.isFetching && <LinearProgress aria-label="Loading devices" />}
          <TableContainer>
            <Table size="small" aria-label="Provisioned Devices">
              <TableHead>
                <TableRow>
                  <TableCell>Organization</TableCell>
                  <TableCell>Device</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>IP Address</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Firmware</TableCell>
                  {extraColumns.map((column) => (
                    <TableCell key={columnId(column)} sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                      {columnHeader(column)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((device) => (
                  <TableRow
                    key={device.device_guid}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => navigate(paths.devices.detail.getHref(device.device_guid))}
                  >
                    <TableCell>{orgName(device.org_guid)}</TableCell>
                    <TableCell>
                      <DeviceLabel
                        deviceGuid={device.device_guid}
                        name={device.device_name}
                        online={device.online}
                      />
                      <Typography variant="caption" color="text.secondary">
                        {device.serial_number}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <StreamingStatusChip status={device.streaming_status} />
                    </TableCell>
                    <TableCell>
                      <IpCell device={device} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {device.firmware_version}
                    </TableCell>
                    {extraColumns.map((column) => (
                      <TableCell key={columnId(column)} sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                        <DeviceLayoutCell device={device} column={column} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                {rows.length === 0 && !devices.isPending && (
                  <EmptyTableRow colSpan={5 + extraColumns.length}>No devices</EmptyTableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TokenPagination
            paging={paging}
            nextToken={nextToken}
            pageSize={PROVISIONED_PAGE_SIZE}
            rowCount={rows.length}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
