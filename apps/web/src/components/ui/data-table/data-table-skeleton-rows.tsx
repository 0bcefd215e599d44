import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { placeholderKeys } from '../placeholder-keys';
import type { DataTableColumn } from './data-table-types';

/** Placeholder rows in the shape of the table's rows while its first page loads; hidden from screen readers. */
export function DataTableSkeletonRows<Row>(props: {
  columns: readonly DataTableColumn<Row>[];
  count: number;
  selectable: boolean;
}) {
  return placeholderKeys(props.count).map((key) => (
    <TableRow key={key} aria-hidden="true">
      {props.selectable && (
        <TableCell padding="checkbox">
          <Skeleton variant="rounded" width={18} height={18} sx={{ mx: 'auto' }} />
        </TableCell>
      )}
      {props.columns.map((column) => (
        <TableCell key={column.id} sx={{ display: column.display }}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}
