import type { Org } from '@ec/contract/orgs';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { accessColumn } from '../../components/ui/access-level-label';
import { actionsColumn } from '../../components/ui/data-table/actions-column';
import { DataTable } from '../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../components/ui/data-table/data-table-types';
import { SearchField } from '../../components/ui/search-field';
import { AssignedDevices } from '../../features/devices/components/assigned-devices';
import { AssignedFleets } from '../../features/fleets/components/assigned-fleets';
import { useMyInvites } from '../../features/invites/api/get-my-invites';
import { PendingInvitesTable } from '../../features/invites/components/pending-invites-table';
import { CreateOrgDialog } from '../../features/orgs/components/create-org-dialog';
import { filterOrgs } from '../../features/orgs/logic/filter-orgs';
import { redirectTarget } from '../../lib/redirect';
import { myOrgsQueryOptions, useMyOrgs } from '../../lib/session/get-orgs';
import { sessionStore, useSession } from '../../lib/session/session-store';

/** Spec 1 §2.4: 10 rows a page, options 10, 25, 50 and all (-1). */
const PAGE_SIZES = [10, 25, 50, -1];

/** organization_selection, 'Organization Select' (spec 1 §2.4). */
export function OrganizationSelection() {
  const orgs = useMyOrgs();
  const invites = useMyInvites();
  const { orgGuid } = useSession();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);

  const choose = (org: Pick<Org, 'org_guid'>) => {
    sessionStore.selectOrg(org.org_guid);
    navigate(redirectTarget(search.get('redirect')), { replace: true });
  };

  const onCreated = async (created: string) => {
    setCreating(false);
    await queryClient.fetchQuery({ ...myOrgsQueryOptions(), staleTime: 0 });
    choose({ org_guid: created });
  };

  const list = orgs.data ?? [];
  const awaitingInvitation =
    orgs.isSuccess && list.length === 0 && !invites.isLoading && !invites.data?.invites.length;

  const columns: DataTableColumn<Org>[] = [
    { id: 'name', header: 'Organization', cell: (org) => org.org_name, sortValue: (org) => org.org_name },
    accessColumn(),
    actionsColumn((org) => {
      const current = org.org_guid === orgGuid;
      return (
        <Button
          size="small"
          variant={current ? 'outlined' : 'contained'}
          aria-label={`${current ? 'Current' : 'Select'} ${org.org_name}`}
          onClick={() => choose(org)}
        >
          {current ? 'Current' : 'Select'}
        </Button>
      );
    }, 'Action'),
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, mx: 'auto', my: { xs: 2, sm: 4 }, maxWidth: 880 }}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography variant="h2" component="h1">
            Organization Select
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create Organization
          </Button>
        </Stack>
        <PendingInvitesTable />
        {awaitingInvitation && (
          <Stack spacing={1} sx={{ textAlign: 'center', py: 4 }}>
            <Typography variant="h3" component="h2">
              Awaiting Invitation
            </Typography>
            <Typography color="text.secondary">
              You are not a member of any organization yet. Ask an organization admin to invite you, or create
              your own organization.
            </Typography>
          </Stack>
        )}
        {orgs.isSuccess && list.length === 0 && (
          // A person given devices without an organization opens them from here.
          <Stack component="section" aria-label="Devices Assigned To Me" spacing={1}>
            <Typography variant="h3" component="h2">
              Devices Assigned To Me
            </Typography>
            <AssignedDevices />
          </Stack>
        )}
        {orgs.isSuccess && list.length === 0 && <AssignedFleets />}
        {(list.length > 0 || !orgs.isSuccess) && (
          <>
            <SearchField label="Search Organizations" value={filter} onChange={setFilter} />
            <DataTable
              label="Organizations"
              columns={columns}
              rows={filterOrgs(list, filter)}
              rowKey={(org) => org.org_guid}
              emptyText="No organizations match"
              query={orgs}
              paging={{ kind: 'client', pageSizes: PAGE_SIZES, resetKey: filter }}
              defaultSort={{ columnId: 'name', direction: 'asc' }}
              rowProps={(org) => ({ selected: org.org_guid === orgGuid })}
            />
          </>
        )}
      </Stack>
      <CreateOrgDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
    </Paper>
  );
}
