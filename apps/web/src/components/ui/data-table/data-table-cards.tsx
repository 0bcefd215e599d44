import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { InfoGrid } from '../info-grid';
import { placeholderKeys } from '../placeholder-keys';
import type { DataTableColumn, DataTableRowProps, DataTableSelection } from './data-table-types';

/**
 * The phone layout of a DataTable: one card a row with its columns as label: value pairs, so a narrow
 * screen never scrolls sideways. Columns with a hidden header (actions) close the card unlabelled.
 */
export function DataTableCards<Row>(props: {
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => DataTableRowProps;
  selection?: DataTableSelection<Row>;
  expandedContent?: (row: Row) => ReactNode;
  loadingCount: number;
  status: ReactNode;
}) {
  const { columns, selection } = props;
  const labelled = columns.filter((column) => !column.hideHeader);
  const actions = columns.filter((column) => column.hideHeader);
  return (
    <Stack component="ul" aria-label={props.label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {placeholderKeys(props.loadingCount).map((key) => (
        <Box component="li" key={key} aria-hidden="true">
          <Skeleton variant="rounded" height={96} />
        </Box>
      ))}
      {props.status && <Box component="li">{props.status}</Box>}
      {props.rows.map((row) => {
        const key = props.rowKey(row);
        const { selected, current, onClick } = props.rowProps?.(row) ?? {};
        const checked = selection?.selected.has(key) ?? false;
        return (
          <Paper
            component="li"
            key={key}
            variant="outlined"
            aria-current={current ? 'true' : undefined}
            onClick={onClick}
            sx={{
              p: 2,
              cursor: onClick ? 'pointer' : undefined,
              bgcolor: selected || checked ? 'action.selected' : undefined,
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              {selection && (
                <Checkbox
                  checked={checked}
                  onChange={() => selection.onToggle(row)}
                  onClick={(event) => event.stopPropagation()}
                  slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                  sx={{ mt: -1, ml: -1 }}
                />
              )}
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <InfoGrid
                  items={labelled.map((column) => ({ label: column.header, value: column.cell(row) }))}
                />
              </Box>
            </Stack>
            {props.expandedContent?.(row)}
            {actions.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                {actions.map((column) => (
                  <Box key={column.id}>{column.cell(row)}</Box>
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
