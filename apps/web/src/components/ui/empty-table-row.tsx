import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** The one row a table shows when it has nothing to list ('No devices', spec 1 §8 empty states). */
export function EmptyTableRow(props: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={props.colSpan} align="center" sx={{ py: 4 }}>
        {props.children}
      </TableCell>
    </TableRow>
  );
}
