/** Every API path is under this prefix (the server's `/v1`). */
export const API_BASE = '/v1';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The API address of a path with its query: repeated for arrays, empty values left out. Relative to
 * the page's own origin unless `baseUrl` names the server (a trailing slash is allowed).
 */
export function buildUrl(path: string, query?: Record<string, QueryValue>, baseUrl = ''): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const queryString = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${API_BASE}${path}${queryString ? `?${queryString}` : ''}`;
}
