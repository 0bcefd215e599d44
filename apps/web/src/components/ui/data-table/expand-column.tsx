import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import IconButton from '@mui/material/IconButton';
import { useCallback, useState } from 'react';
import type { DataTableColumn } from './data-table-types';

/** Which rows of a table are expanded, by row key. */
export function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (key: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  return { isExpanded: (key: string) => expanded.has(key), toggle };
}

/** The first column of an expandable table: a button that shows or hides the row's details. */
export const expandColumn = <Row,>(
  rows: ReturnType<typeof useExpandedRows>,
  rowKey: (row: Row) => string,
  rowLabel: (row: Row) => string,
): DataTableColumn<Row> => ({
  id: 'expand',
  header: 'Details',
  hideHeader: true,
  cellSx: { width: 48 },
  cell: (row) => {
    const open = rows.isExpanded(rowKey(row));
    return (
      <IconButton
        size="small"
        aria-expanded={open}
        aria-label={`${open ? 'Hide' : 'Show'} details of ${rowLabel(row)}`}
        onClick={() => rows.toggle(rowKey(row))}
      >
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </IconButton>
    );
  },
});
