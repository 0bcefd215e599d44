import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Escapes LIKE's wildcards, so that a search for `50%` or `a_b` matches those characters. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive name order, the same on every PostgreSQL whatever its locale. */
export const sortNameOf = (column: SQLWrapper): SQL<string> => sql<string>`lower(${column}) collate "C"`;

/**
 * The database's own error when it refused the values of a statement (SQLSTATE classes 22 data
 * exception, 23 integrity constraint violation, 54 program limit exceeded): the same statement with
 * other values would pass. Undefined for anything else (a lost connection, a bug in the SQL).
 */
export function valueRefusal(error: unknown): Error | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code)) return current;
  }
  return undefined;
}

/**
 * `column = any($1::uuid[])`: a batch's guids as one parameter. drizzle's inArray makes a parameter of
 * each, whose building cost the storm's statements (50 to 500 guids each) about a fifteenth of the
 * server's time, and each length is a statement PostgreSQL parses and plans anew.
 */
export const inGuids = (column: SQLWrapper, guids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param(guids)}::uuid[])`;

/**
 * Rows handed to a statement as one JSON parameter and read back as a table by `json_to_recordset`:
 * `from ${jsonRows(rows, sql.raw('r(device_guid uuid, state jsonb)'))}`, the rows' keys named as the
 * columns. One JSON.stringify for a whole batch: an array parameter per column made the driver escape
 * every element into an array literal, the storm's documents twice over (decision 253).
 */
export const jsonRows = (rows: readonly Record<string, unknown>[], alias: SQL): SQL =>
  sql`json_to_recordset(${JSON.stringify(rows)}::json) as ${alias}`;
