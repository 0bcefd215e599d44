import TablePagination from '@mui/material/TablePagination';
import type { useTokenPagination } from '../../lib/use-token-pagination';

/**
 * The footer of a list paged with pagination tokens: the page number, and Next while the server
 * answered a token for one. `total` is shown when the server counts the matches.
 */
export function TokenPagination(props: {
  paging: ReturnType<typeof useTokenPagination>;
  nextToken: string | null | undefined;
  pageSize: number;
  rowCount: number;
  total?: number;
}) {
  const { paging, nextToken, pageSize } = props;
  return (
    <TablePagination
      component="div"
      count={props.total ?? (nextToken ? -1 : paging.page * pageSize + props.rowCount)}
      page={paging.page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_event, page) => (page > paging.page ? paging.next(nextToken) : paging.previous())}
      slotProps={{ actions: { nextButton: { disabled: !nextToken } } }}
    />
  );
}
