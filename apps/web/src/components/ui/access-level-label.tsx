import { ACCESS, accessLabel } from '@ec/contract/access';
import Chip from '@mui/material/Chip';
import type { DataTableColumn } from './data-table/data-table-types';

/** Admin (300), User (200), Read Only (100), otherwise 'Unknown Access Level' (spec 1 §2.2). */
export function AccessLevelLabel({ access }: { access: number | null | undefined }) {
  const color = access === ACCESS.admin ? 'primary' : access === ACCESS.user ? 'secondary' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={accessLabel(access)} />;
}

/** A list's Access column, sortable by level. */
export const accessColumn = <Row extends { access: number | null | undefined }>(): DataTableColumn<Row> => ({
  id: 'access',
  header: 'Access',
  cell: (row) => <AccessLevelLabel access={row.access} />,
  sortValue: (row) => row.access ?? 0,
});
