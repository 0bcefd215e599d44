import { useCallback, useState } from 'react';

/**
 * Token paging (every list call answers a pagination_token for the next page). Remembers the token
 * that opened each page visited so Previous works. A change of `filters` returns to page 1 in the same
 * render, so the list is never asked for an old page token with new filters.
 */
export function useTokenPagination(filters: unknown) {
  const filterKey = JSON.stringify(filters);
  const [state, setState] = useState<{ filterKey: string; tokens: (string | null)[] }>({
    filterKey,
    tokens: [null],
  });
  let { tokens } = state;
  if (state.filterKey !== filterKey) {
    // React's pattern for state that follows a changed input: set it while rendering, not in an effect.
    tokens = [null];
    setState({ filterKey, tokens });
  }
  const page = tokens.length - 1;
  const token = tokens[page] ?? null;
  const next = useCallback((nextToken: string | null | undefined) => {
    if (nextToken) setState((current) => ({ ...current, tokens: [...current.tokens, nextToken] }));
  }, []);
  const previous = useCallback(
    () =>
      setState((current) =>
        current.tokens.length > 1 ? { ...current, tokens: current.tokens.slice(0, -1) } : current,
      ),
    [],
  );
  const first = useCallback(() => setState((current) => ({ ...current, tokens: [null] })), []);
  return { page, token, next, previous, first };
}
