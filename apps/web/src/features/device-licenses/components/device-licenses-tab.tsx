import type { DeviceRights } from '@ec/contract/access';
import {
  allocationStatus,
  isExpired,
  licenseName,
  licenseTypeLabel,
} from '@ec/contract/entitlements/license-labels';
import type { DeviceLicense } from '@ec/contract/entitlements/merge-entitlements';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDate } from '../../../lib/format-date';
import { useReload } from '../../../lib/use-reload';
import { useDownloadLicenses } from '../api/download-licenses';
import { useDeviceLicenses } from '../api/get-device-licenses';
import { EntitlementDebugDialog } from './entitlement-debug-dialog';

/** The licence table shows 50 rows a page (spec 2 §2.5). */
export const LICENSES_PAGE_SIZE = 50;

/**
 * The device page's Licenses tab (spec 2 §2.5, §4.10): the device's licences with their type,
 * expiry and allocation, Reload and Download Licenses; the entitlement debug tool for device admins who
 * can control the device.
 */
export function DeviceLicensesTab(props: { deviceGuid: string; deviceName: string; rights: DeviceRights }) {
  const { deviceGuid, deviceName, rights } = props;
  const licenses = useDeviceLicenses(deviceGuid);
  const { reload, reloading } = useReload(licenses.refetch);
  const download = useDownloadLicenses(deviceGuid, deviceName);
  const [debugging, setDebugging] = useState(false);
  const now = new Date();

  const columns: DataTableColumn<DeviceLicense>[] = [
    {
      id: 'name',
      header: 'License Name',
      cell: (license) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{licenseName(license)}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {license.profile_guid}
          </Typography>
        </Box>
      ),
      sortValue: (license) => licenseName(license).toLowerCase(),
    },
    { id: 'type', header: 'Type', cell: licenseTypeLabel, sortValue: licenseTypeLabel },
    {
      id: 'sales_order',
      header: 'Sales Order',
      cell: (license) => license.sales_order ?? '',
      sortValue: (license) => license.sales_order ?? '',
    },
    {
      id: 'created',
      header: 'Created',
      cell: (license) => formatDate(license.created),
      sortValue: (license) => license.created,
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (license) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{formatDate(license.expires)}</span>
          {isExpired(license, now) && <Chip size="small" color="error" label="Expired" />}
        </Stack>
      ),
      sortValue: (license) => license.expires,
    },
    { id: 'allocation', header: 'Allocation', cell: allocationStatus, sortValue: allocationStatus },
  ];

  return (
    <SectionCard
      title="Licenses"
      titleVariant="h3"
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button startIcon={<RefreshIcon />} onClick={reload} loading={reloading} loadingPosition="start">
            Reload
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => download.mutate()}
            loading={download.isPending}
            loadingPosition="start"
          >
            Download Licenses
          </Button>
          {rights.control && rights.admin && (
            <Button variant="outlined" onClick={() => setDebugging(true)}>
              Entitlement Debug
            </Button>
          )}
        </Stack>
      }
    >
      <ErrorAlert error={download.error} />
      <DataTable
        label="Licenses"
        columns={columns}
        rows={licenses.data?.licenses ?? []}
        rowKey={(license) =>
          license.license_id ?? `${license.profile_guid}:${license.created}:${license.expires}`
        }
        emptyText="This device has no licenses: it runs on its product's base entitlements."
        query={licenses}
        paging={{ kind: 'client', pageSizes: [LICENSES_PAGE_SIZE] }}
      />
      {debugging && (
        <EntitlementDebugDialog
          deviceGuid={deviceGuid}
          deviceName={deviceName}
          onClose={() => setDebugging(false)}
        />
      )}
    </SectionCard>
  );
}
