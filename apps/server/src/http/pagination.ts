import { ApiError } from './api-error.ts';

/**
 * Keyset paging tokens: the sort key of the last row of a page, opaque to clients. Keyset rather than
 * offset so that pages stay stable while rows are added.
 */
export function encodePageToken(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodePageToken(token: string | undefined, length: number): (string | number)[] | undefined {
  if (!token) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === length) return key;
  } catch {
    // fall through to the error below
  }
  throw ApiError.badRequest('pagination_token is not valid', 'INVALID_PAGINATION_TOKEN');
}

/** Fetch one row more than the page to learn whether a next page exists. */
export function pageOf<T>(rows: T[], size: number, keyOf: (row: T) => (string | number)[]) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, pagination_token: rows.length > size && last ? encodePageToken(keyOf(last)) : null };
}
