import type { Db } from './database.ts';

/**
 * A statement built once per database and kept prepared under `name`: drizzle builds a statement's
 * SQL from its parts on every call (about a quarter of the server's busy time on a device call's hot
 * path, decision 195), and a prepared one only binds its placeholders. For the few statements every
 * device call makes; the names must be unique across the server.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
