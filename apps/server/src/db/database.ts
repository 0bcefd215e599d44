import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { startAutovacuum } from './pglite/autovacuum.ts';
import { startPglite } from './pglite/start-pglite.ts';
import { PriorityPool } from './priority-pool.ts';

/**
 * The database as features use it: the SQL builder over their own tables (each feature declares its
 * tables in its `*.schema.ts`; the console makes no relational queries, so the connection needs none).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers true when a trivial query succeeds (health check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** apps/server/migrations from source (src/db); from the build, the copy beside dist/main.js. */
const migrationsFolder = import.meta.url.endsWith('.ts')
  ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations')
  : path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Connections a server process opens to PostgreSQL, and how many of them background work (the
 * ingest's batches) leaves to people. One for background work, and only while nothing else holds a
 * connection (priority-pool.ts): a storm's batch statements are CPU work, and a second one at once
 * took a core of PostgreSQL's machine from people's statements (decisions 259, 282).
 */
const POOL_SIZE = 10;
const RESERVED_FOR_PEOPLE = 9;

/** The key of the advisory lock the server processes of one database migrate under (any constant). */
const MIGRATIONS_LOCK = 2_026_112_801;

/**
 * Runs the migrations holding a session lock: drizzle's migrator takes none, so processes starting
 * together on a new database would each create the same tables and all but one fail. They take turns;
 * the later ones find nothing left to do. The lock ends with its connection if a process dies.
 */
async function migrateOneAtATime(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    client.release();
  } catch (error) {
    // Not back into the pool: the connection may still hold the lock or a failed transaction.
    client.release(error as Error);
    throw error;
  }
}

/**
 * Opens PostgreSQL through one data layer: a server when `databaseUrl` is given, otherwise PGlite kept
 * on disk in `pgliteDir`. The same migrations run on both before the database is handed out.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** Instead of `pgliteDir`: PGlite in memory, started from this snapshot of a data directory (tests). */
  pgliteSnapshot?: string;
  /** Told when the server drops an idle connection (restart, failover); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
  /** Told when a round of the embedded database's autovacuum fails (pglite/autovacuum.ts). */
  onAutovacuumFailed?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new PriorityPool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      reservedForPeople: RESERVED_FOR_PEOPLE,
    });
    // Without a listener, pg-pool's 'error' for an idle connection would end the process.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    const db = drizzleNodePg(pool);
    try {
      await migrateOneAtATime(pool);
    } catch (error) {
      // A server that cannot be used yet may be tried again: leave no pool behind.
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const pglite = await startPglite({ dataDir: options.pgliteDir, snapshot: options.pgliteSnapshot });
  pglite.pool.on('error', (error) => options.onConnectionLost?.(error));
  const db = drizzleNodePg(pglite.pool);
  await migrateNodePg(db, { migrationsFolder });
  const autovacuum = startAutovacuum(pglite.pool, { onFailed: options.onAutovacuumFailed });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => (await pglite.pool.query('select 1')).rowCount === 1,
    async close() {
      await autovacuum.stop();
      await pglite.close();
    },
  };
}
