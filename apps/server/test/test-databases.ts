import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/database.ts';

/**
 * Test databases are copies of one migrated template, so each test file starts from an empty schema
 * without paying for initdb: a snapshot loaded into memory for PGlite (a copy of the data directory's
 * 1,200 files on disk cost a second a database), CREATE DATABASE ... TEMPLATE on PostgreSQL.
 * Set TEST_DATABASE_URL (a server's maintenance database) to run on PostgreSQL.
 */
const pgTemplateName = () => `ec_test_template_${process.env.EC_TEST_RUN ?? 'local'}`;
/** The PGlite template's snapshot; set by global-setup before the test workers start: they inherit it. */
const pgliteTemplate = () => {
  const file = process.env.EC_PGLITE_TEMPLATE;
  if (!file) throw new Error('EC_PGLITE_TEMPLATE is not set: run the tests through vitest (global-setup)');
  return file;
};

const adminUrl = () => process.env.TEST_DATABASE_URL;

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
};

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTemplate() {
  const url = adminUrl();
  if (url) {
    await admin(async (client) => {
      await client.query(`drop database if exists ${pgTemplateName()} with (force)`);
      await client.query(`create database ${pgTemplateName()}`);
    });
    const database = await openDatabase({ databaseUrl: withDatabase(url, pgTemplateName()) });
    await database.close();
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ec-pglite-template-'));
  const database = await openDatabase({ pgliteDir: dir });
  await database.close();
  const migrated = await PGlite.create(dir);
  const snapshot = await migrated.dumpDataDir('none');
  await migrated.close();
  process.env.EC_PGLITE_TEMPLATE = path.join(os.tmpdir(), `${path.basename(dir)}.tar`);
  await writeFile(pgliteTemplate(), Buffer.from(await snapshot.arrayBuffer()));
  await rm(dir, { recursive: true, force: true });
}

export async function dropTemplate() {
  if (adminUrl())
    await admin((client) => client.query(`drop database if exists ${pgTemplateName()} with (force)`));
  else await rm(pgliteTemplate(), { force: true });
}

/**
 * A new database without any migration on the test run's PostgreSQL server, for the tests of what runs
 * them (start-up, the built server); undefined on the embedded pass.
 */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const url = adminUrl();
  if (!url) return undefined;
  const name = `ec_test_empty_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin((client) => client.query(`create database ${name}`));
  return {
    url: withDatabase(url, name),
    drop: async () => {
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A test's database; on PostgreSQL with its URL, for server processes a test starts itself. */
export type TestDb = Database & { url?: string };

export async function openTestDatabase(): Promise<TestDb> {
  const url = adminUrl();
  if (url) {
    const name = `ec_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await admin((client) => client.query(`create database ${name} template ${pgTemplateName()}`));
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...database,
      url: withDatabase(url, name),
      async close() {
        await database.close();
        await admin((client) => client.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  return idlePglite.pop() ?? openPgliteTestDatabase();
}

/**
 * PGlite databases that test apps handed back, emptied, for the next test app of this worker: starting
 * PGlite from the template costs about 1.4 CPU-seconds, emptying one a tenth of that (decision 269).
 */
const idlePglite: TestDb[] = [];
/** What emptying a PGlite test database takes: its tables, and the rows the migrations wrote. */
const pgliteContents = new WeakMap<
  TestDb,
  { tables: string[]; sequences: string[]; seeded: Map<string, unknown[]> }
>();

async function openPgliteTestDatabase(): Promise<TestDb> {
  const database = await openDatabase({ pgliteSnapshot: pgliteTemplate() });
  const query = async <Row>(statement: SQL) =>
    ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const tables = (
    await query<{ name: string }>(
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    )
  ).map((row) => row.name);
  // Serial numbers come from a sequence of their own, which no table's truncation restarts.
  const sequences = (
    await query<{ name: string }>(
      sql`select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname = 'public'`,
    )
  ).map((row) => row.name);
  const seeded = new Map<string, unknown[]>();
  for (const table of tables) {
    const [written] = await query<{ rows: unknown[] | null }>(
      sql.raw(`select json_agg(t) as rows from ${table} t`),
    );
    if (written?.rows) seeded.set(table, written.rows);
  }
  pgliteContents.set(database, { tables, sequences, seeded });
  return database;
}

/** How long emptying may take before the database is closed instead (a test left a client checked out). */
const EMPTYING_LIMIT_MS = 10_000;
/** Databases kept per worker at most: a file that runs several apps at once leaves no more behind. */
const MAX_IDLE_PGLITE = 2;

/**
 * Hands back the database of a test app that is done with it: on PGlite it is emptied to what the
 * template holds (every table truncated and sequence restarted, the migrations' rows written again, the
 * session's advisory locks let go) and kept for the next test app of this worker; otherwise it is
 * closed. A test that closes its database itself (to see the console without it) keeps `close()`,
 * which always closes.
 */
export async function recycleTestDatabase(database: TestDb) {
  const contents = pgliteContents.get(database);
  if (!contents) return database.close();
  const emptied = database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${contents.tables.join(', ')} restart identity cascade`));
    for (const sequence of contents.sequences)
      await tx.execute(sql.raw(`alter sequence ${sequence} restart`));
    for (const [table, rows] of contents.seeded)
      await tx.execute(
        sql`insert into ${sql.raw(table)} select * from json_populate_recordset(null::${sql.raw(table)}, ${JSON.stringify(rows)}::json)`,
      );
  });
  const limit = new Promise<'late'>((resolve) => setTimeout(resolve, EMPTYING_LIMIT_MS, 'late').unref());
  const outcome = await Promise.race([
    emptied.then(
      () => 'emptied' as const,
      () => 'failed' as const,
    ),
    limit,
  ]);
  if (outcome !== 'emptied' || idlePglite.length >= MAX_IDLE_PGLITE) return database.close();
  try {
    // What else a session may keep: advisory locks. Prepared statements stay, as their client expects.
    await database.db.execute(sql`select pg_advisory_unlock_all()`);
  } catch {
    return database.close();
  }
  idlePglite.push(database);
}
