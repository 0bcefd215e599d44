import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Escapes LIKE's wildcards, so that a search for `50%` or `a_b` matches those characters. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive name order, the same on every PostgreSQL whatever its locale. */
export const sortNameOf = (column: SQLWrapper): SQL<string> => sql<string>`lower(${column}) collate "C"`;
