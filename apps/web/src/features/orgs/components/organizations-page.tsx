import { canEditWith, hasGroup } from '@ec/contract/access';
import { ORG_PAGE_SIZE, type Org } from '@ec/contract/orgs';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accessColumn } from '../../../components/ui/access-level-label';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { SearchField } from '../../../components/ui/search-field';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { sessionStore } from '../../../lib/session/session-store';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useOrgsPage } from '../api/get-orgs-page';
import { orgLinkState } from '../logic/org-list-link';
import { CreateOrgDialog } from './create-org-dialog';
import { DeleteOrgDialog } from './delete-org-dialog';

/** Spec 1 §9: organization search waits for a 2 s pause in typing. */
export const ORG_SEARCH_PAUSE_MS = 2000;

/** The two lists of /orgs: the caller's organizations, and every organization for platform staff. */
const LISTS = [
  { value: 'member', label: 'My Organizations', href: paths.orgs.list.getHref() },
  { value: 'all', label: 'All Organizations', href: paths.orgs.list.getHref('all') },
] as const;

/**
 * /orgs 'Organizations' (spec 1 §2.6): search, create, edit, delete with a reason. Holders of
 * OrganizationManagement, who manage every organization (decision 21), also get every organization of
 * the platform (/orgs?scope=all, where the admin menu's Organizations leads); the same search, paging and
 * actions serve both lists.
 */
export function OrganizationsPage() {
  const [searchParams] = useSearchParams();
  const session = useSessionUser();
  const seesAll = hasGroup(session.data?.user.groups ?? [], 'OrganizationManagement');
  const wantsAll = searchParams.get('scope') === 'all';
  const scope = seesAll && wantsAll ? 'all' : undefined;
  const listHref = paths.orgs.list.getHref(scope);
  const [search, setSearch] = useState('');
  const orgName = useDebouncedValue(search.trim(), ORG_SEARCH_PAUSE_MS);
  const paging = useTokenPagination({ orgName, scope });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Org | null>(null);
  const lastOrgGuid = sessionStore.lastOrgGuid();

  // Whether every organization may be listed is known with the session user (loaded before any page).
  const orgs = useOrgsPage(
    { org_name: orgName || undefined, pagination_token: paging.token, scope },
    !wantsAll || !session.isPending,
  );
  const rows = orgs.data?.orgs ?? [];
  const nextToken = orgs.data?.pagination_token ?? null;

  const columns: DataTableColumn<Org>[] = [
    {
      id: 'name',
      header: 'Organization',
      cell: (org) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{org.org_name}</span>
          {org.org_guid === lastOrgGuid && <Chip size="small" color="primary" label="Last used" />}
        </Stack>
      ),
    },
    // Every organization is managed as its admin (access 300): the column would say Admin on each row.
    ...(scope === 'all' ? [] : [accessColumn<Org>()]),
    {
      ...actionsColumn((org) => (
        <>
          <Button
            size="small"
            startIcon={<EditIcon />}
            component={Link}
            to={paths.orgs.edit.getHref(org.org_guid)}
            state={orgLinkState(listHref)}
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
        </>
      )),
      cellSx: { whiteSpace: 'nowrap' },
    },
  ];

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
        {seesAll && (
          <Tabs value={scope ?? 'member'} aria-label="Organization lists">
            {LISTS.map((list) => (
              <Tab
                key={list.value}
                value={list.value}
                label={list.label}
                id={`orgs-tab-${list.value}`}
                component={Link}
                to={list.href}
              />
            ))}
          </Tabs>
        )}
        <Stack
          spacing={2}
          {...(seesAll && {
            role: 'tabpanel',
            'aria-labelledby': `orgs-tab-${scope ?? 'member'}`,
          })}
        >
          <SearchField
            label="Search Organizations"
            value={search}
            onChange={setSearch}
            placeholder="Organization name"
            width={360}
          />
          <DataTable
            label="Organizations"
            columns={columns}
            rows={rows}
            rowKey={(org) => org.org_guid}
            emptyText={orgName ? 'No organizations match' : 'No organizations'}
            query={orgs}
            paging={{ kind: 'token', state: paging, nextToken, pageSize: ORG_PAGE_SIZE }}
            rowProps={(org) => {
              const lastUsed = org.org_guid === lastOrgGuid;
              return { selected: lastUsed, current: lastUsed };
            }}
          />
        </Stack>
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
