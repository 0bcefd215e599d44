import { ALERT_TYPES, type Alert } from '@ec/contract/alerts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useAlertColumns } from '../../../components/alerts/alert-columns';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { RequestError } from '../../../components/ui/request-error';
import { alertActionBlocked } from '../../../lib/alerts/alert-state';
import { formatTimestamp } from '../../../lib/format-date';
import { usePersonName } from '../../../lib/orgs/use-person-name';
import { useAlertAction } from '../api/alert-actions';
import { useCurrentAlerts } from '../api/get-current-alerts';
import { useAlertRights } from '../hooks/use-alert-rights';
import { alertFetchFailure, currentAlertRows } from '../logic/current-alerts';

/** A button that says why it is disabled (a disabled button takes no hover, so the tooltip wraps a span). */
function ActionButton(props: { label: string; blocked: string | null; busy: boolean; onClick: () => void }) {
  const button = (
    <Button size="small" disabled={Boolean(props.blocked) || props.busy} onClick={props.onClick}>
      {props.label}
    </Button>
  );
  if (!props.blocked) return button;
  return (
    <Tooltip title={props.blocked}>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * The current alerts (spec 2 §2.10, §4.4): device, alert, created, state, who silenced it, and Silence,
 * Unsilence and Close Alert for those who may edit the device. Each type's failure shows the spec's
 * text with Retry while the other type's alerts still show.
 */
export function CurrentAlertsTable() {
  const lists = useCurrentAlerts();
  const action = useAlertAction();
  const personName = usePersonName();
  const rows = currentAlertRows(lists.map((list) => list.data));
  const canEdit = useAlertRights(rows);

  const columns: DataTableColumn<Alert>[] = [
    ...useAlertColumns({ sortable: true, alerts: rows }),
    {
      id: 'silenced',
      header: 'Silenced',
      cell: (alert) =>
        alert.silenced_toggled_by && alert.silenced
          ? `${personName(alert.silenced_toggled_by)}, ${formatTimestamp(alert.silenced_timestamp)}`
          : '—',
      display: { xs: 'none', md: 'table-cell' },
    },
    actionsColumn((alert) => {
      const editable = canEdit(alert);
      const busy = action.isPending && action.variables?.alert.alert_guid === alert.alert_guid;
      return (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <ActionButton
            label={alert.silenced ? 'Unsilence' : 'Silence'}
            blocked={alertActionBlocked(alert, editable, 'silence')}
            busy={busy}
            onClick={() => action.mutate({ alert, action: { kind: 'silence', silenced: !alert.silenced } })}
          />
          <ActionButton
            label="Close Alert"
            blocked={alertActionBlocked(alert, editable, 'close')}
            busy={busy}
            onClick={() => action.mutate({ alert, action: { kind: 'close' } })}
          />
        </Stack>
      );
    }),
  ];

  const failures = ALERT_TYPES.flatMap((alertType, index) => {
    const list = lists[index];
    return list?.isError ? [{ alertType, error: list.error, retry: list.refetch }] : [];
  });
  return (
    <Stack spacing={2}>
      {failures.map((failure) => (
        <RequestError
          key={failure.alertType}
          error={alertFetchFailure(failure.alertType, failure.error)}
          onRetry={failure.retry}
        />
      ))}
      <RequestError error={action.error} />
      <DataTable
        label="Current alerts"
        columns={columns}
        rows={rows}
        rowKey={(alert) => alert.alert_guid}
        emptyText={failures.length === lists.length ? '' : 'No current alerts'}
        query={{
          isLoading: lists.some((list) => list.isLoading),
          isFetching: lists.some((list) => list.isFetching),
          isSuccess: lists.some((list) => list.isSuccess),
          error: null,
          refetch: () => Promise.all(lists.map((list) => list.refetch())),
        }}
        defaultSort={{ columnId: 'created', direction: 'desc' }}
        paging={{ kind: 'client', pageSizes: [25, 50, 100, -1] }}
      />
    </Stack>
  );
}
