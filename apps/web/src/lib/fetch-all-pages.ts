/**
 * Reads a token-paged list page after page, until its last page or until `maxRows` rows are in (a
 * table's limit), and answers the rows in order.
 */
export async function fetchAllPages<T>(
  fetchPage: (token: string | null) => Promise<{ rows: T[]; pagination_token: string | null }>,
  maxRows = Number.POSITIVE_INFINITY,
): Promise<T[]> {
  const rows: T[] = [];
  let token: string | null = null;
  do {
    const page = await fetchPage(token);
    rows.push(...page.rows);
    token = page.pagination_token;
  } while (token && rows.length < maxRows);
  return rows.slice(0, maxRows);
}
