import { FLEET_PAGE_SIZE, type Fleet } from '@ec/contract/fleets';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useFleetsPage } from '../api/get-fleets-page';

/** What the caller may do in a fleet, in a word. */
const fleetRightsText = (fleet: Fleet) => (fleet.editable ? 'Edit' : fleet.controllable ? 'Control' : 'View');

/** A fleet list's columns: the name opening the fleet (a row's own click is the list's), and the rights. */
export const FLEET_COLUMNS: DataTableColumn<Fleet>[] = [
  {
    id: 'name',
    header: 'Fleet',
    cell: (fleet) => (
      <Link
        component={RouterLink}
        to={paths.fleets.detail.getHref(fleet.fleet_guid)}
        onClick={(event) => event.stopPropagation()}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {fleet.fleet_name}
      </Link>
    ),
  },
  { id: 'rights', header: 'Your Rights', cell: fleetRightsText },
];

/**
 * The fleets the signed-in person is a user of, wherever no organization is chosen (the organization
 * selection page of a person who is a member of none): GET /fleets with their own user_guid and no
 * organization (decision 180). Renders nothing while they have none.
 */
export function AssignedFleets() {
  const me = useSessionUser().data?.user.user_guid;
  const paging = useTokenPagination(me);
  const fleets = useFleetsPage({ user_guid: me, pagination_token: paging.token }, Boolean(me));
  const rows = fleets.data?.fleets ?? [];
  if (fleets.isSuccess && rows.length === 0 && paging.page === 0) return null;
  return (
    <Stack component="section" aria-label="Fleets Assigned To Me" spacing={1}>
      <Typography variant="h3" component="h2">
        Fleets Assigned To Me
      </Typography>
      <DataTable
        label="Fleets assigned to me"
        columns={FLEET_COLUMNS}
        rows={rows}
        rowKey={(fleet) => fleet.fleet_guid}
        emptyText="No fleets"
        query={fleets}
        paging={{
          kind: 'token',
          state: paging,
          nextToken: fleets.data?.pagination_token ?? null,
          pageSize: FLEET_PAGE_SIZE,
        }}
      />
    </Stack>
  );
}
