import { canEditWith } from '@ec/contract/access';
import { ORG_PAGE_SIZE, type Org } from '@ec/contract/orgs';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccessLevelLabel } from '../../../components/ui/access-level-label';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { TokenPagination } from '../../../components/ui/token-pagination';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/session/session-store';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useOrgsPage } from '../api/get-orgs-page';
import { CreateOrgDialog } from './create-org-dialog';
import { DeleteOrgDialog } from './delete-org-dialog';

/** Spec 1 §9: organization search waits for a 2 s pause in typing. */
export const ORG_SEARCH_PAUSE_MS = 2000;

/** /orgs 'Organizations' (spec 1 §2.6): search, create, edit, delete with a reason. */
export function OrganizationsPage() {
  const [search, setSearch] = useState('');
  const orgName = useDebouncedValue(search.trim(), ORG_SEARCH_PAUSE_MS);
  const paging = useTokenPagination(orgName);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Org | null>(null);
  const lastOrgGuid = sessionStore.lastOrgGuid();

  const orgs = useOrgsPage({ org_name: orgName || undefined, pagination_token: paging.token });
  const rows = orgs.data?.orgs ?? [];
  const nextToken = orgs.data?.pagination_token ?? null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography variant="h2" component="h1">
            Organizations
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create Org
          </Button>
        </Stack>
        <TextField
          label="Search Organizations"
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Organization name"
          sx={{ maxWidth: { sm: 360 } }}
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
        <ErrorAlert error={orgs.error} />
        {orgs.isFetching && <LinearProgress aria-label="Loading organizations" />}
        <TableContainer>
          <Table size="small" aria-label="Organizations">
            <TableHead>
              <TableRow>
                <TableCell>Organization</TableCell>
                <TableCell>Access</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((org) => {
                const lastUsed = org.org_guid === lastOrgGuid;
                return (
                  <TableRow
                    key={org.org_guid}
                    selected={lastUsed}
                    aria-current={lastUsed ? 'true' : undefined}
                  >
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{org.org_name}</span>
                        {lastUsed && <Chip size="small" color="primary" label="Last used" />}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <AccessLevelLabel access={org.access} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        startIcon={<EditIcon />}
                        component={Link}
                        to={paths.orgs.edit.getHref(org.org_guid)}
                        aria-label={`Edit ${org.org_name}`}
                      >
                        Edit
                      </Button>
                      {canEditWith(org.access) && (
                        <Button
                          size="small"
                          color="error"
                          startIcon={<DeleteIcon />}
                          onClick={() => setDeleting(org)}
                          aria-label={`Delete ${org.org_name}`}
                        >
                          Delete
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
              {orgs.isSuccess && rows.length === 0 && (
                <EmptyTableRow colSpan={3}>
                  {orgName ? 'No organizations match' : 'No organizations'}
                </EmptyTableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TokenPagination
          paging={paging}
          nextToken={nextToken}
          pageSize={ORG_PAGE_SIZE}
          rowCount={rows.length}
        />
      </Stack>
      <CreateOrgDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => setCreating(false)}
      />
      <DeleteOrgDialog org={deleting} onClose={() => setDeleting(null)} />
    </Paper>
  );
}
