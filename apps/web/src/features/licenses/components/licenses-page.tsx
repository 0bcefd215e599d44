import { canEditWith } from '@ec/contract/access';
import type { License } from '@ec/contract/entitlements/licenses';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LicenseExpiry } from '../../../components/licenses/license-dates';
import { LicenseName } from '../../../components/licenses/license-name';
import { LicensesTable } from '../../../components/licenses/licenses-table';
import { ManageAllocationsDialog } from '../../../components/licenses/manage-allocations-dialog';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { formatDate } from '../../../lib/format-date';
import { useLicensesPage } from '../../../lib/licenses/get-licenses-page';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { type LicenseFilter, licenseListQuery } from '../logic/license-filters';
import { LicenseFilterBar } from './license-filter-bar';

/**
 * /licenses (spec 2 §2.12, §4.10-4.11): the organization's licences, 50 a page with first, previous
 * and next, filter chips, rows that expand to their details; Manage Allocation for the organization's
 * editors on per-device licences.
 */
export function LicensesPage() {
  const { orgGuid, org } = useCurrentOrg();
  const [filters, setFilters] = useState<LicenseFilter[]>([]);
  const query = licenseListQuery(orgGuid, filters, displayTimeZone.get());
  const paging = useTokenPagination(query);
  const licenses = useLicensesPage({ ...query, pagination_token: paging.token ?? undefined });
  const [managing, setManaging] = useState<License | null>(null);
  const canManage = canEditWith(org?.access);
  const now = new Date();

  const columns: DataTableColumn<License>[] = [
    { id: 'name', header: 'License Name', cell: (license) => <LicenseName license={license} /> },
    { id: 'sales_order', header: 'Sales Order', cell: (license) => license.sales_order ?? '' },
    { id: 'profile', header: 'Entitlement', cell: (license) => license.profile_name },
    { id: 'created', header: 'Issue Date', cell: (license) => formatDate(license.created) },
    {
      id: 'expires',
      header: 'Expiration Date',
      cell: (license) => <LicenseExpiry license={license} now={now} />,
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Licenses</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <LicenseFilterBar filters={filters} onChange={setFilters} />
          <LicensesTable
            columns={columns}
            licenses={licenses.data?.licenses ?? []}
            query={licenses}
            paging={paging}
            nextToken={licenses.data?.pagination_token}
            showFirst
            emptyText={filters.length > 0 ? 'No licenses match' : 'No licenses'}
            now={now}
            actions={(license) =>
              canManage &&
              (license.allocation_limit ?? 0) > 0 && (
                <Button variant="outlined" onClick={() => setManaging(license)}>
                  Manage Allocation
                </Button>
              )
            }
          />
        </Stack>
      </Paper>
      {managing && <ManageAllocationsDialog license={managing} onClose={() => setManaging(null)} />}
    </Stack>
  );
}
