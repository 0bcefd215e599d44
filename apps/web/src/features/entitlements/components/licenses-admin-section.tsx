import { licenseName } from '@ec/contract/entitlements/license-labels';
import type { License } from '@ec/contract/entitlements/licenses';
import { PRODUCT_LABELS } from '@ec/contract/products';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { LicenseExpiry } from '../../../components/licenses/license-dates';
import { LicensesTable } from '../../../components/licenses/licenses-table';
import { ManageAllocationsDialog } from '../../../components/licenses/manage-allocations-dialog';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDate } from '../../../lib/format-date';
import { useLicensesPage } from '../../../lib/licenses/get-licenses-page';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { CreateLicenseDialog, DeleteLicenseDialog, ExtendLicenseDialog } from './license-dialogs';

/**
 * Licenses for the entitlement administrators (spec 3 §2.8): every licence, 50 a page by token, rows
 * that expand to their details and actions: Extend, Delete, and Manage Allocations for per-device
 * licences; Create License above.
 */
export function LicensesAdminSection() {
  const paging = useTokenPagination(null);
  const licenses = useLicensesPage({ pagination_token: paging.token ?? undefined });
  const [creating, setCreating] = useState(false);
  const [extending, setExtending] = useState<License | null>(null);
  const [deleting, setDeleting] = useState<License | null>(null);
  const [managing, setManaging] = useState<License | null>(null);
  const now = new Date();

  const columns: DataTableColumn<License>[] = [
    { id: 'name', header: 'License Name', cell: licenseName },
    { id: 'sales_order', header: 'Sales Order', cell: (license) => license.sales_order ?? '' },
    { id: 'profile', header: 'Profile', cell: (license) => license.profile_name },
    { id: 'platform', header: 'Platform', cell: (license) => PRODUCT_LABELS[license.profile_platform] },
    { id: 'created', header: 'Created', cell: (license) => formatDate(license.created) },
    { id: 'expires', header: 'Expires', cell: (license) => <LicenseExpiry license={license} now={now} /> },
  ];

  return (
    <SectionCard
      title="Licenses"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Create License
        </Button>
      }
    >
      <LicensesTable
        columns={columns}
        licenses={licenses.data?.licenses ?? []}
        query={licenses}
        paging={paging}
        nextToken={licenses.data?.pagination_token}
        emptyText="No licenses"
        now={now}
        actions={(license) => (
          <>
            <Button variant="outlined" onClick={() => setExtending(license)}>
              Extend
            </Button>
            {(license.allocation_limit ?? 0) > 0 && (
              <Button variant="outlined" onClick={() => setManaging(license)}>
                Manage Allocations
              </Button>
            )}
            <Button variant="outlined" color="error" onClick={() => setDeleting(license)}>
              Delete
            </Button>
          </>
        )}
      />
      <CreateLicenseDialog open={creating} onClose={() => setCreating(false)} />
      <ExtendLicenseDialog license={extending} onClose={() => setExtending(null)} />
      <DeleteLicenseDialog license={deleting} onClose={() => setDeleting(null)} />
      {managing && <ManageAllocationsDialog license={managing} onClose={() => setManaging(null)} />}
    </SectionCard>
  );
}
