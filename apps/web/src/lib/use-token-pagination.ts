import { useCallback, useState } from 'react';

/**
 * Token paging (every list call answers a pagination_token for the next page). Remembers the token
 * that opened each page visited so Previous works; `reset` returns to page 1 (filters changed).
 */
export function useTokenPagination() {
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const page = tokens.length - 1;
  const token = tokens[page] ?? null;
  const next = useCallback((nextToken: string | null | undefined) => {
    if (nextToken) setTokens((list) => [...list, nextToken]);
  }, []);
  const previous = useCallback(() => setTokens((list) => (list.length > 1 ? list.slice(0, -1) : list)), []);
  const reset = useCallback(() => setTokens([null]), []);
  return { page, token, next, previous, reset };
}
