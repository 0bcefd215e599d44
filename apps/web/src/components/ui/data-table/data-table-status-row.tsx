import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** One full-width row of a table: its empty text ('No devices', spec 1 §8) or a failed request. */
export function DataTableStatusRow(props: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={props.colSpan} align="center" sx={{ py: 4 }}>
        {props.children}
      </TableCell>
    </TableRow>
  );
}
