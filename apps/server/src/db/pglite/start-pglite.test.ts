import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPglite } from './start-pglite.ts';

let pglite: Awaited<ReturnType<typeof startPglite>>;
beforeAll(async () => {
  pglite = await startPglite();
  await pglite.pool.query('create table items (key text primary key, hits integer not null)');
});
afterAll(() => pglite.close());

describe('PGlite on its thread, through node-postgres', () => {
  it('answers each query with its own result while failed queries replace the connection', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        switch (i % 4) {
          case 0: {
            const { rows } = await pglite.pool.query('select $1::int as n, $2::text as s', [i, `s${i}`]);
            return rows[0].n === i && rows[0].s === `s${i}`;
          }
          case 1: {
            const failure = await pglite.pool.query('select 1 / $1::int', [0]).catch((error: Error) => error);
            return failure instanceof Error && failure.message === 'division by zero';
          }
          case 2: {
            const { rows } = await pglite.pool.query(
              'insert into items values ($1, 1) on conflict (key) do update set hits = items.hits + 1 returning key',
              [`k${i % 5}`],
            );
            return rows[0].key === `k${i % 5}`;
          }
          default: {
            const failure = await pglite.pool
              .query('select * from missing_table')
              .catch((error: Error) => error);
            return failure instanceof Error && failure.message.includes('does not exist');
          }
        }
      }),
    );
    expect(outcomes.filter((ok) => !ok)).toEqual([]);
  });

  it('carries statements and answers of every size intact, those handed across and those copied', async () => {
    const sizes = [10, 4095, 4096, 100_000, 1_000_000];
    const texts = sizes.map((size, i) => String.fromCharCode(97 + i).repeat(size));
    const answers = await Promise.all(
      texts.map(async (text) => (await pglite.pool.query('select $1::text as s', [text])).rows[0].s),
    );
    expect(answers.map((answer, i) => answer === texts[i])).toEqual(sizes.map(() => true));
    // Small buffers share Node's pool: one handed across by mistake would leave them empty.
    const { rows } = await pglite.pool.query('select $1::text as s', ['still here']);
    expect(rows[0].s).toBe('still here');
  });

  it('rolls back what a transaction left open when its connection goes', async () => {
    const client = await pglite.pool.connect();
    await client.query('begin');
    await client.query("insert into items values ('left-open', 1)");
    client.release(new Error('dropped mid-transaction'));

    const { rows } = await pglite.pool.query("select count(*)::int as n from items where key = 'left-open'");
    expect(rows[0].n).toBe(0);
  });

  it('prepares a statement with parameters once per session, and again on a new connection', async () => {
    const text = 'select count(*)::int as n from items where hits >= $1';
    await pglite.pool.query(text, [1]);
    await pglite.pool.query(text, [2]);
    const prepared = await pglite.pool.query(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(prepared.rows[0].n).toBe(1);

    // The session outlives the connection: the next one must be able to prepare the same names again.
    const client = await pglite.pool.connect();
    client.release(new Error('dropped'));
    const { rows } = await pglite.pool.query(text, [1]);
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('PGlite on a data folder', () => {
  // Three PostgreSQL starts, one of them initdb: about 4 CPU-seconds alone, while the suite's three
  // lanes share two cores (it took over 60 s once on a machine 2.8 times slower than usual).
  it('makes a new folder on a thread of its own, then serves it, and finds what it stored after a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ec-pglite-folder-'));
    try {
      const first = await startPglite({ dataDir });
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      await first.pool.query("create table kept (note text); insert into kept values ('stored')");
      await first.close();

      const again = await startPglite({ dataDir });
      try {
        expect((await again.pool.query('select note from kept')).rows).toEqual([{ note: 'stored' }]);
        // PostgreSQL's 128 MB would hold the console's process over its memory budget (issue 28).
        expect((await again.pool.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '32MB' }]);
        // Its autovacuum's ANALYZE holds the only connection: a sample of 3,000 rows (decision 285).
        expect((await again.pool.query('show default_statistics_target')).rows).toEqual([
          { default_statistics_target: '10' },
        ]);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
