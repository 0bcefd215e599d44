import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  return openDatabase({ pgliteSnapshot: pgliteTemplate() });
}
