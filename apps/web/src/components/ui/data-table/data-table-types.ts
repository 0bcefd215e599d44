import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { useTokenPagination } from '../../../lib/use-token-pagination';

/** One column of a DataTable: its header, what a row shows in it, and how it sorts and hides. */
export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** The header is read by screen readers only (an actions column); phone cards show the cell unlabelled. */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** CSS display by breakpoint on the table layout, to hide a column on smaller screens. */
  display?: Partial<Record<Breakpoint, string>>;
  cellSx?: SxProps<Theme>;
  /** Sorts a list the table holds whole by this value; lists paged by server tokens keep the server's order. */
  sortValue?: (row: Row) => string | number;
}

export type SortDirection = 'asc' | 'desc';

export interface DataTableSort {
  columnId: string;
  direction: SortDirection;
}

/** A list paged on the server with pagination tokens (`useTokenPagination`). */
export interface TokenPaging {
  kind: 'token';
  state: ReturnType<typeof useTokenPagination>;
  nextToken: string | null | undefined;
  pageSize: number;
  /** Shown when the server counts the matches. */
  total?: number;
  /** A First button beside Previous and Next (spec 2 §2.12). */
  showFirst?: boolean;
}

/** A small list read whole and paged in the browser; the footer hides while every row fits the first size. */
export interface ClientPaging {
  kind: 'client';
  /** Page sizes offered; -1 is 'All'. The first is the initial size. */
  pageSizes: readonly number[];
  /** A change of this value (a search) returns to the first page. */
  resetKey?: unknown;
}

export type DataTablePaging = TokenPaging | ClientPaging;

/** Row selection for bulk actions, by row key. */
export interface DataTableSelection<Row> {
  selected: ReadonlySet<string>;
  onToggle: (row: Row) => void;
  onToggleAll: (checked: boolean, rows: readonly Row[]) => void;
  rowLabel: (row: Row) => string;
  allLabel: string;
}

/** What the table needs of a query: a TanStack `useQuery` result fits as it is. */
export interface DataTableQuery {
  isLoading: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** How one row stands out: highlighted, marked as the current one (aria-current), or opening on a click. */
export interface DataTableRowProps {
  selected?: boolean;
  current?: boolean;
  onClick?: () => void;
}
