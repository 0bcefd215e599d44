import { useMemo, useState } from 'react';
import type { DataTableColumn, DataTablePaging, DataTableSort } from './data-table-types';

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });

function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly DataTableColumn<Row>[],
  sort: DataTableSort | null,
): readonly Row[] {
  const sortValue = columns.find((column) => column.id === sort?.columnId)?.sortValue;
  if (!sort || !sortValue) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(sortValue(a), sortValue(b)));
}

/**
 * The rows a DataTable shows: sorted by the chosen column, then, for client paging, the current page.
 * A change of the paging's `resetKey` returns to the first page in the same render.
 */
export function useTableRows<Row>(
  rows: readonly Row[],
  columns: readonly DataTableColumn<Row>[],
  paging: DataTablePaging | undefined,
  defaultSort: DataTableSort | undefined,
) {
  const [sort, setSort] = useState<DataTableSort | null>(defaultSort ?? null);
  const client = paging?.kind === 'client' ? paging : null;
  const resetKey = JSON.stringify(client?.resetKey ?? null);
  const [clientPage, setClientPage] = useState({ resetKey, page: 0, size: client?.pageSizes[0] ?? -1 });
  let { page } = clientPage;
  if (clientPage.resetKey !== resetKey) {
    page = 0;
    setClientPage({ ...clientPage, resetKey, page });
  }

  const sortable = paging?.kind !== 'token';
  const sorted = useMemo(
    () => (sortable ? sortRows(rows, columns, sort) : rows),
    [sortable, rows, columns, sort],
  );
  const { size } = clientPage;
  // A shorter list (rows removed) keeps the last page that still has rows.
  const lastPage = size > 0 ? Math.max(0, Math.ceil(sorted.length / size) - 1) : 0;
  page = Math.min(page, lastPage);
  const visible = client && size > 0 ? sorted.slice(page * size, page * size + size) : sorted;

  const toggleSort = (columnId: string) =>
    setSort((current) => ({
      columnId,
      direction: current?.columnId === columnId && current.direction === 'asc' ? 'desc' : 'asc',
    }));

  return {
    visible,
    total: sorted.length,
    sort: sortable ? sort : null,
    sortable,
    toggleSort,
    clientPage: { page, size },
    setClientPage: (next: { page: number; size: number }) => setClientPage({ resetKey, ...next }),
  };
}
