import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table-types';

/** The last column of a list: the row's buttons, under a header read by screen readers only. */
export const actionsColumn = <Row>(
  cell: (row: Row) => ReactNode,
  header = 'Actions',
): DataTableColumn<Row> => ({
  id: 'actions',
  header,
  hideHeader: true,
  align: 'right',
  cell,
});
