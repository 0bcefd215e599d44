import { canEditWith } from '@ec/contract/access';
import { FLEET_PAGE_SIZE, type Fleet } from '@ec/contract/fleets';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { SearchField } from '../../../components/ui/search-field';
import { paths } from '../../../config/paths';
import { useCurrentOrg } from '../../../lib/session/get-orgs';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMineTab } from '../../../lib/use-mine-tab';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useFleetsPage } from '../api/get-fleets-page';
import { FLEET_COLUMNS } from './assigned-fleets';
import { CreateFleetDialog } from './create-fleet-dialog';
import { DeleteFleetsDialog } from './delete-fleets-dialog';

/** Spec 2 §2.6: fleet search waits for a 2 s pause in typing. */
export const FLEET_SEARCH_PAUSE_MS = 2000;

/**
 * /fleets (spec 2 §2.6): the organization's fleets and those assigned to me (?tab=mine, kept in the
 * address), search by name, Create Fleet for organization editors on the organization's tab, checkbox
 * selection and Delete Fleet(s) with a reason. A row opens the fleet.
 */
export function FleetsPage() {
  const navigate = useNavigate();
  const { org } = useCurrentOrg();
  const me = useSessionUser().data?.user.user_guid;
  const [list, setList] = useMineTab();
  const [search, setSearch] = useState('');
  const fleetName = useDebouncedValue(search.trim(), FLEET_SEARCH_PAUSE_MS);
  const paging = useTokenPagination({ list, fleetName });
  const [selected, setSelected] = useState<ReadonlyMap<string, Fleet>>(new Map());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Fleet[] | null>(null);
  const canCreate = list === 'org' && canEditWith(org?.access);

  // Another list or search is another selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of list or search clears the selection
  useEffect(() => setSelected(new Map()), [list, fleetName]);

  const fleets = useFleetsPage(
    {
      fleet_name: fleetName || undefined,
      user_guid: list === 'mine' ? me : undefined,
      pagination_token: paging.token,
    },
    list === 'org' || Boolean(me),
  );
  const rows = fleets.data?.fleets ?? [];
  const chosen = [...selected.values()];
  const toggle = (fleet: Fleet) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(fleet.fleet_guid)) next.delete(fleet.fleet_guid);
      else next.set(fleet.fleet_guid, fleet);
      return next;
    });
  const toggleAll = (checked: boolean, page: readonly Fleet[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const fleet of page) {
        if (checked) next.set(fleet.fleet_guid, fleet);
        else next.delete(fleet.fleet_guid);
      }
      return next;
    });

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h1">Fleets</Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create Fleet
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Tabs
          value={list}
          onChange={(_event, value) => setList(value)}
          aria-label="Fleet lists"
          sx={{ mb: 2 }}
        >
          <Tab
            value="org"
            label={`${org?.org_name ?? 'Organization'} Fleets`}
            id="fleets-tab-org"
            aria-controls="fleets-panel"
          />
          <Tab value="mine" label="Assigned To Me" id="fleets-tab-mine" aria-controls="fleets-panel" />
        </Tabs>
        <Stack spacing={2} role="tabpanel" id="fleets-panel" aria-labelledby={`fleets-tab-${list}`}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <SearchField
              label="Search Fleets"
              value={search}
              onChange={setSearch}
              placeholder="Fleet name"
              width={360}
            />
            {chosen.length > 0 && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                disabled={chosen.some((fleet) => !fleet.editable)}
                onClick={() => setDeleting(chosen)}
              >
                Delete Fleet(s) ({chosen.length})
              </Button>
            )}
          </Stack>
          <DataTable
            label="Fleets"
            columns={FLEET_COLUMNS}
            rows={rows}
            rowKey={(fleet) => fleet.fleet_guid}
            emptyText={fleetName ? 'No fleets match' : 'No fleets'}
            query={fleets}
            paging={{
              kind: 'token',
              state: paging,
              nextToken: fleets.data?.pagination_token ?? null,
              pageSize: FLEET_PAGE_SIZE,
            }}
            selection={{
              selected: new Set(selected.keys()),
              onToggle: toggle,
              onToggleAll: toggleAll,
              rowLabel: (fleet) => `Select ${fleet.fleet_name}`,
              allLabel: 'Select all fleets on this page',
            }}
            rowProps={(fleet) => ({ onClick: () => navigate(paths.fleets.detail.getHref(fleet.fleet_guid)) })}
          />
        </Stack>
      </Paper>
      <CreateFleetDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(fleetGuid) => navigate(paths.fleets.detail.getHref(fleetGuid))}
      />
      <DeleteFleetsDialog
        fleets={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => setSelected(new Map())}
      />
    </Stack>
  );
}
