import { ACTIVE_ALERTS_MAX_ROWS, type Alert } from '@ec/contract/alerts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useAlertColumns } from '../../../components/alerts/alert-columns';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTablePaging } from '../../../components/ui/data-table/data-table-types';

/**
 * Alerts of one or more lists in one table, newest first, at most 1000 rows (spec 2 §2.2, §9): Device,
 * Alert, Created, State. A failed list shows its error with Retry.
 */
export function AlertsTable(props: {
  label: string;
  lists: readonly UseQueryResult<Alert[]>[];
  emptyText: string;
  paging?: DataTablePaging;
  /** Placeholder rows while loading (the page size by default). */
  skeletonRows?: number;
}) {
  const { lists } = props;
  const rows = lists
    .flatMap((list) => list.data ?? [])
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, ACTIVE_ALERTS_MAX_ROWS);
  const columns = useAlertColumns({ sortable: false, alerts: rows });
  const failed = lists.find((list) => list.error);
  return (
    <DataTable
      label={props.label}
      columns={columns}
      rows={rows}
      rowKey={(alert) => alert.alert_guid}
      emptyText={props.emptyText}
      query={{
        isLoading: lists.some((list) => list.isLoading),
        isFetching: lists.some((list) => list.isFetching),
        isSuccess: lists.every((list) => list.isSuccess),
        error: failed?.error ?? null,
        refetch: () => Promise.all(lists.map((list) => list.refetch())),
      }}
      paging={props.paging}
      skeletonRows={props.skeletonRows}
    />
  );
}
