import { z } from 'zod';
import { ApiError } from './api-error.ts';

/**
 * Keyset paging tokens: the sort key of the last row of a page, opaque to clients. Keyset rather than
 * offset so that pages stay stable while rows are added.
 */
export function encodePageToken(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort keys tokens carry: a name and a guid, or a time and a guid. */
export const namePageKey = z.tuple([z.string(), z.uuid()]);
export const timePageKey = z.tuple([z.iso.datetime(), z.uuid()]);

/**
 * The sort key a token carries, checked against the key's shape, so that only values of the right
 * types reach the SQL: a forged or stale token is a 400, never a database error.
 */
export function decodePageToken<T extends z.ZodTuple>(
  token: string | undefined,
  key: T,
): z.output<T> | undefined {
  if (!token) return undefined;
  try {
    const parsed = key.safeParse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
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
