import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode } from 'react';
import { RequestError } from '../request-error';
import { VisuallyHidden } from '../visually-hidden';
import { DataTableCards } from './data-table-cards';
import { DataTableSkeletonRows } from './data-table-skeleton-rows';
import { DataTableStatusRow } from './data-table-status-row';
import type {
  DataTableColumn,
  DataTablePaging,
  DataTableQuery,
  DataTableRowProps,
  DataTableSelection,
  DataTableSort,
} from './data-table-types';
import { DeferredClientPagingFooter, DeferredTokenPagingFooter } from './deferred-footer';
import { useTableRows } from './use-table-rows';

const MAX_SKELETON_ROWS = 10;
const UNPAGED_SKELETON_ROWS = 5;

function skeletonCount(paging: DataTablePaging | undefined) {
  const pageSize = paging?.kind === 'token' ? paging.pageSize : paging?.pageSizes[0];
  return pageSize && pageSize > 0 ? Math.min(pageSize, MAX_SKELETON_ROWS) : UNPAGED_SKELETON_ROWS;
}

export interface DataTableProps<Row> {
  /** Names the list for assistive technology ('Devices'). */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The list's own empty text ('No devices'). */
  emptyText: ReactNode;
  /** The query behind the rows: skeleton while it first loads, its error with Retry, a bar while it refetches. */
  query?: DataTableQuery;
  paging?: DataTablePaging;
  defaultSort?: DataTableSort;
  selection?: DataTableSelection<Row>;
  rowProps?: (row: Row) => DataTableRowProps;
  skeletonRows?: number;
  /** By default phones (below `sm`) get cards and wider screens a table. */
  layout?: 'table' | 'cards';
  /** What an expanded row shows under it, across the table (null while collapsed). */
  expandedContent?: (row: Row) => ReactNode;
}

/**
 * Every list of the console: a real table with header cells (cards on a phone), a skeleton in the shape
 * of its rows while it loads, its empty text, a failed request with Retry, sorting, selection and paging
 * by server tokens or in the browser.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, query, paging, selection, rowKey } = props;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const cards = (props.layout ?? (phone ? 'cards' : 'table')) === 'cards';
  const table = useTableRows(props.rows, columns, paging, props.defaultSort);

  const loading = query?.isLoading ?? false;
  const error = query?.error ?? null;
  const rows = loading ? [] : table.visible;
  const loadingCount = loading ? (props.skeletonRows ?? skeletonCount(paging)) : 0;
  const loaded = query ? query.isSuccess : true;
  const status = error ? (
    <RequestError error={error} onRetry={query?.refetch} />
  ) : loaded && rows.length === 0 ? (
    props.emptyText
  ) : null;
  const selectedOnPage = selection ? rows.filter((row) => selection.selected.has(rowKey(row))).length : 0;

  const footer =
    paging?.kind === 'token'
      ? !loading &&
        !error &&
        (rows.length > 0 || paging.state.page > 0) && (
          <DeferredTokenPagingFooter paging={paging} rowCount={rows.length} />
        )
      : paging?.kind === 'client'
        ? !loading &&
          table.total > (paging.pageSizes[0] ?? 0) && (
            <DeferredClientPagingFooter
              paging={paging}
              count={table.total}
              page={table.clientPage.page}
              size={table.clientPage.size}
              onChange={table.setClientPage}
            />
          )
        : null;

  return (
    // A refetch's progress bar lies over the list's top edge rather than above it: inserted above, it
    // moved the rows down by its height while someone pointed at one (a click landing beside a link).
    <Box sx={{ position: 'relative' }}>
      {query?.isFetching && !loading && (
        <LinearProgress
          aria-label={`Loading ${label.toLowerCase()}`}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
        />
      )}
      <Stack spacing={1}>
        {cards ? (
          <DataTableCards
            label={label}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            rowProps={props.rowProps}
            selection={selection}
            expandedContent={props.expandedContent}
            loadingCount={loadingCount}
            status={status}
          />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={label} aria-busy={loading || undefined}>
              <TableHead>
                <TableRow>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        slotProps={{ input: { 'aria-label': selection.allLabel } }}
                        checked={rows.length > 0 && selectedOnPage === rows.length}
                        indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                        onChange={(event) => selection.onToggleAll(event.target.checked, rows)}
                        disabled={rows.length === 0}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => {
                    const sorted = table.sort?.columnId === column.id ? table.sort.direction : false;
                    return (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sortDirection={sorted}
                        sx={{ display: column.display }}
                      >
                        {column.hideHeader ? (
                          <VisuallyHidden>{column.header}</VisuallyHidden>
                        ) : column.sortValue && table.sortable ? (
                          <TableSortLabel
                            active={Boolean(sorted)}
                            direction={sorted || 'asc'}
                            onClick={() => table.toggleSort(column.id)}
                          >
                            {column.header}
                          </TableSortLabel>
                        ) : (
                          column.header
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              </TableHead>
              <TableBody>
                <DataTableSkeletonRows
                  columns={columns}
                  count={loadingCount}
                  selectable={Boolean(selection)}
                />
                {status && (
                  <DataTableStatusRow colSpan={columns.length + (selection ? 1 : 0)}>
                    {status}
                  </DataTableStatusRow>
                )}
                {rows.map((row) => {
                  const key = rowKey(row);
                  const { selected, current, onClick } = props.rowProps?.(row) ?? {};
                  const checked = selection?.selected.has(key) ?? false;
                  const expanded = props.expandedContent?.(row);
                  return (
                    <Fragment key={key}>
                      <TableRow
                        hover
                        selected={selected || checked}
                        aria-current={current ? 'true' : undefined}
                        onClick={onClick}
                        sx={{ cursor: onClick ? 'pointer' : undefined }}
                      >
                        {selection && (
                          <TableCell padding="checkbox">
                            <Checkbox
                              checked={checked}
                              onChange={() => selection.onToggle(row)}
                              onClick={(event) => event.stopPropagation()}
                              slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                            />
                          </TableCell>
                        )}
                        {columns.map((column) => (
                          <TableCell
                            key={column.id}
                            align={column.align}
                            sx={[
                              { display: column.display },
                              ...(Array.isArray(column.cellSx) ? column.cellSx : [column.cellSx ?? {}]),
                            ]}
                          >
                            {column.cell(row)}
                          </TableCell>
                        ))}
                      </TableRow>
                      {expanded && (
                        <TableRow>
                          <TableCell colSpan={columns.length + (selection ? 1 : 0)}>{expanded}</TableCell>
                        </TableRow>
                      )}
                    </Fragment>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {footer}
      </Stack>
    </Box>
  );
}
