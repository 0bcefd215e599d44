import TablePagination from '@mui/material/TablePagination';
import type { ClientPaging, TokenPaging } from './data-table-types';

/**
 * The footer of a list paged with pagination tokens: the page number, and Next while the server
 * answered a token for one. Without a total the count is open-ended until the last page.
 */
export function TokenPagingFooter(props: { paging: TokenPaging; rowCount: number }) {
  const { state, nextToken, pageSize, total } = props.paging;
  return (
    <TablePagination
      component="div"
      count={total ?? (nextToken ? -1 : state.page * pageSize + props.rowCount)}
      page={state.page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_event, page) => {
        if (page > state.page) state.next(nextToken);
        else if (page === 0) state.first();
        else state.previous();
      }}
      showFirstButton={props.paging.showFirst}
      slotProps={{ actions: { nextButton: { disabled: !nextToken } } }}
    />
  );
}

const ALL = -1;

/** The footer of a list paged in the browser, with its page sizes ('All' is -1). */
export function ClientPagingFooter(props: {
  paging: ClientPaging;
  count: number;
  page: number;
  size: number;
  onChange: (next: { page: number; size: number }) => void;
}) {
  const { paging, size, onChange } = props;
  return (
    <TablePagination
      component="div"
      count={props.count}
      page={props.page}
      rowsPerPage={size}
      rowsPerPageOptions={paging.pageSizes.map((value) => (value === ALL ? { label: 'All', value } : value))}
      onPageChange={(_event, page) => onChange({ page, size })}
      onRowsPerPageChange={(event) => onChange({ page: 0, size: Number(event.target.value) })}
    />
  );
}
