import { type DeviceEvent, EVENT_PAGE_SIZE } from '@ec/contract/events';
import type { PeriodChoice } from '@ec/contract/periods';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { periodChoiceKey } from '../../../components/ui/period-search-params';
import { paths } from '../../../config/paths';
import { formatTimestamp } from '../../../lib/format-date';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { type EventsSource, useEvents } from '../api/use-events';
import { eventView } from '../logic/event-views';
import { EventDescription } from './event-description';

export const EVENTS_EMPTY = 'No events';
export const EVENTS_LOADING = 'Loading events...';

const deviceColumn: DataTableColumn<DeviceEvent> = {
  id: 'device',
  header: 'Device',
  // A fleet's own change (created, renamed, its users and invites) names no device.
  cell: (event) =>
    event.device_guid ? (
      <Link component={RouterLink} to={paths.devices.detail.getHref(event.device_guid)} underline="hover">
        {event.device_name || event.device_guid}
      </Link>
    ) : (
      'Fleet'
    ),
};

const columns: DataTableColumn<DeviceEvent>[] = [
  {
    id: 'time',
    header: 'Time',
    cell: (event) => formatTimestamp(event.timestamp),
    cellSx: { whiteSpace: { sm: 'nowrap' } },
  },
  { id: 'event', header: 'Event', cell: (event) => eventView(event).title },
  {
    id: 'description',
    header: 'Event Description',
    cell: (event) => <EventDescription view={eventView(event)} />,
  },
];

/**
 * An events table (spec 2 §2.9): newest first, 25 a page with Next and Previous, Refresh, its own empty,
 * loading and error states. `limit` shows that many of the newest and no paging. `filters` sit beside
 * Refresh; a change of `period` or `deviceGuids` returns to the first page.
 */
export function EventsTable(props: {
  source: EventsSource;
  period?: PeriodChoice;
  /** An organization's events of these devices only (all when empty). */
  deviceGuids?: readonly string[];
  /** The Device column; shown for an organization's events unless said otherwise. */
  showDevice?: boolean;
  limit?: number;
  label?: string;
  filters?: ReactNode;
}) {
  const { source, period, deviceGuids, limit } = props;
  const paged = limit === undefined;
  const pageSize = limit ?? EVENT_PAGE_SIZE;
  const paging = useTokenPagination([
    'deviceGuid' in source ? source.deviceGuid : 'fleetGuid' in source ? source.fleetGuid : null,
    period ? periodChoiceKey(period) : null,
    deviceGuids ?? [],
  ]);
  const events = useEvents(source, {
    pageSize,
    token: paged ? paging.token : null,
    period,
    deviceGuids,
  });
  const showDevice = props.showDevice ?? !('deviceGuid' in source);
  const label = props.label ?? 'Events';

  return (
    <Stack spacing={1}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{props.filters}</Box>
        <Box sx={{ flexShrink: 0, display: 'flex', justifyContent: 'flex-end' }}>
          <Button startIcon={<RefreshIcon />} onClick={() => void events.refetch()}>
            Refresh
          </Button>
        </Box>
      </Stack>
      {events.isLoading && (
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          {EVENTS_LOADING}
        </Typography>
      )}
      <DataTable
        label={label}
        columns={showDevice ? [deviceColumn, ...columns] : columns}
        rows={events.data?.events ?? []}
        rowKey={(event) => event.event_guid}
        emptyText={EVENTS_EMPTY}
        query={events}
        skeletonRows={paged ? undefined : Math.min(pageSize, 10)}
        paging={
          paged
            ? {
                kind: 'token',
                state: paging,
                nextToken: events.data?.pagination_token ?? null,
                pageSize,
              }
            : undefined
        }
      />
    </Stack>
  );
}
