import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Runs one statement on the test server's maintenance database. */
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('server processes starting together on a new PostgreSQL database', () => {
  it('migrate it one after another, and every one of them opens it (decision 227)', async () => {
    const name = `ec_migrations_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    try {
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      // Without the lock two of three failed here, creating the same table or sequence as another.
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: url.href })));
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
