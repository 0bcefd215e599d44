import type { Org } from '@ec/contract/orgs';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AccessLevelLabel } from '../../../components/ui/access-level-label';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { redirectTarget } from '../../../lib/redirect';
import { myOrgsQueryOptions, useMyOrgs } from '../../../lib/session/get-orgs';
import { sessionStore, useSession } from '../../../lib/session/session-store';
import { useMyInvites } from '../../invites/api/get-my-invites';
import { PendingInvitesTable } from '../../invites/components/pending-invites-table';
import { filterOrgs } from '../logic/filter-orgs';
import { CreateOrgDialog } from './create-org-dialog';

const PAGE_OPTIONS = [10, 25, 50, { label: 'All', value: -1 }];

/** organization_selection, 'Organization Select' (spec 1 §2.4). */
export function OrganizationSelection() {
  const orgs = useMyOrgs();
  const invites = useMyInvites();
  const { orgGuid } = useSession();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
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
  const shown = filterOrgs(list, filter);
  const visible = rowsPerPage < 0 ? shown : shown.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);

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
        {orgs.isPending && <PageSpinner label="Loading organizations" />}
        <ErrorAlert error={orgs.error} />
        <PendingInvitesTable />
        {orgs.isSuccess && list.length === 0 && !invites.isLoading && !invites.data?.invites.length && (
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
        {list.length > 0 && (
          <>
            <TextField
              label="Search Organizations"
              type="search"
              size="small"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setPage(0);
              }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TableContainer>
              <Table size="small" aria-label="Organizations">
                <TableHead>
                  <TableRow>
                    <TableCell>Organization</TableCell>
                    <TableCell>Access</TableCell>
                    <TableCell align="right">
                      <VisuallyHidden>Action</VisuallyHidden>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {visible.map((org) => {
                    const current = org.org_guid === orgGuid;
                    return (
                      <TableRow key={org.org_guid} selected={current}>
                        <TableCell>{org.org_name}</TableCell>
                        <TableCell>
                          <AccessLevelLabel access={org.access} />
                        </TableCell>
                        <TableCell align="right">
                          <Button
                            size="small"
                            variant={current ? 'outlined' : 'contained'}
                            aria-label={`${current ? 'Current' : 'Select'} ${org.org_name}`}
                            onClick={() => choose(org)}
                          >
                            {current ? 'Current' : 'Select'}
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                  {visible.length === 0 && <EmptyTableRow colSpan={3}>No organizations match</EmptyTableRow>}
                </TableBody>
              </Table>
            </TableContainer>
            {shown.length > 10 && (
              <TablePagination
                component="div"
                count={shown.length}
                page={page}
                rowsPerPage={rowsPerPage}
                rowsPerPageOptions={PAGE_OPTIONS}
                onPageChange={(_event, next) => setPage(next)}
                onRowsPerPageChange={(event) => {
                  setRowsPerPage(Number(event.target.value));
                  setPage(0);
                }}
              />
            )}
          </>
        )}
      </Stack>
      <CreateOrgDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
    </Paper>
  );
}
