import { ROLLOUT_PAGE_SIZE, type Rollout } from '@ec/contract/rollouts';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { paths } from '../../../config/paths';
import { formatTimestamp } from '../../../lib/format-date';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useRollouts } from '../api/get-rollouts';
import { countsSummary, rolloutSourceLabel, waveLabel } from '../logic/rollout-progress';
import { RolloutStateChip } from './rollout-state-chip';

const columns: DataTableColumn<Rollout>[] = [
  {
    id: 'source',
    header: 'Rollout',
    cell: (rollout) => (
      <Link component={RouterLink} to={paths.rollouts.detail.getHref(rollout.rollout_guid)} underline="hover">
        {rolloutSourceLabel(rollout)}
      </Link>
    ),
  },
  { id: 'state', header: 'State', cell: (rollout) => <RolloutStateChip state={rollout.rollout_state} /> },
  {
    id: 'wave',
    header: 'Waves',
    cell: (rollout) => waveLabel(rollout),
    display: { xs: 'none', sm: 'table-cell' },
  },
  { id: 'devices', header: 'Devices', cell: (rollout) => countsSummary(rollout.counts) },
  {
    id: 'started',
    header: 'Started',
    cell: (rollout) => formatTimestamp(rollout.created_at),
    display: { xs: 'none', md: 'table-cell' },
  },
  {
    id: 'by',
    header: 'Started By',
    cell: (rollout) => rollout.created_by_email,
    display: { xs: 'none', lg: 'table-cell' },
  },
];

/** /rollouts: the organization's configuration rollouts, newest first, live. */
export function RolloutsPage() {
  const paging = useTokenPagination([]);
  const rollouts = useRollouts({ pagination_token: paging.token ?? undefined });
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Rollouts</Typography>
      <Typography color="text.secondary">
        Configuration changes rolled out to devices in waves. Start one from{' '}
        <Link component={RouterLink} to={paths.templates.getHref()}>
          Shadow Templates
        </Link>
        .
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DataTable
          label="Rollouts"
          columns={columns}
          rows={rollouts.data?.rollouts ?? []}
          rowKey={(rollout) => rollout.rollout_guid}
          emptyText="No rollouts yet"
          query={rollouts}
          paging={{
            kind: 'token',
            state: paging,
            nextToken: rollouts.data?.pagination_token ?? null,
            pageSize: ROLLOUT_PAGE_SIZE,
          }}
        />
      </Paper>
    </Stack>
  );
}
