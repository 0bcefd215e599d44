import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAutovacuum, vacuumDueTables } from './autovacuum.ts';
import { startPglite } from './start-pglite.ts';

let pglite: Awaited<ReturnType<typeof startPglite>>;
beforeAll(async () => {
  pglite = await startPglite();
});
afterAll(() => pglite.close());

/** What PostgreSQL knows of a table: its statistics' row count, dead rows, and when it was last upkept. */
async function tableState(table: string) {
  const { rows } = await pglite.pool.query(
    `select c.reltuples, s.n_dead_tup::int, s.n_mod_since_analyze::int, s.last_vacuum, s.last_analyze
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
    [table],
  );
  return rows[0];
}

describe("the embedded database's autovacuum", () => {
  it('vacuums and analyzes a table past PostgreSQL’s thresholds and leaves a quiet one alone', async () => {
    await pglite.pool.query('create table busy (id int primary key, note text)');
    await pglite.pool.query('create table quiet (id int primary key, note text)');
    await pglite.pool.query("insert into busy select g, 'new' from generate_series(1, 1000) g");
    await pglite.pool.query("update busy set note = 'changed' where id <= 400");
    await pglite.pool.query("insert into quiet select g, 'new' from generate_series(1, 10) g");
    // PostgreSQL hands a session's counts to the statistics at most once a second.
    await expect.poll(async () => (await tableState('busy'))?.n_dead_tup, { timeout: 10_000 }).toBe(400);
    await expect
      .poll(async () => (await tableState('quiet'))?.n_mod_since_analyze, { timeout: 10_000 })
      .toBe(10);

    // Each upkeep its own statement: the one connection is never held for both at once.
    const upkeep: string[] = [];
    const recording = new Proxy(pglite.pool, {
      get: (pool, key) =>
        key === 'query'
          ? (text: string, ...rest: unknown[]) => {
              if (/^(vacuum|analyze)/.test(text)) upkeep.push(text);
              return (pool.query as (...args: unknown[]) => unknown)(text, ...rest);
            }
          : Reflect.get(pool, key),
    });
    expect(await vacuumDueTables(recording)).toEqual([{ table: 'public.busy', vacuum: true, analyze: true }]);
    expect(upkeep).toEqual(['vacuum public.busy', 'analyze public.busy']);
    const busy = await tableState('busy');
    expect(busy).toMatchObject({ reltuples: 1000, n_dead_tup: 0, n_mod_since_analyze: 0 });
    expect(busy.last_vacuum).not.toBeNull();
    expect(busy.last_analyze).not.toBeNull();
    // Never analyzed: the planner still knows nothing of its size.
    expect(await tableState('quiet')).toMatchObject({ reltuples: -1, last_vacuum: null, last_analyze: null });

    expect(await vacuumDueTables(pglite.pool)).toEqual([]);
  });

  it('analyzes a table on its own once its rows have changed, until it is stopped', async () => {
    await pglite.pool.query('create table growing (id int primary key)');
    const autovacuum = startAutovacuum(pglite.pool, { naptimeMs: 100 });
    try {
      await pglite.pool.query('insert into growing select generate_series(1, 200)');
      await expect.poll(async () => (await tableState('growing'))?.reltuples, { timeout: 10_000 }).toBe(200);
    } finally {
      await autovacuum.stop();
    }
    await pglite.pool.query('insert into growing select generate_series(201, 1000)');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await tableState('growing')).reltuples).toBe(200);
  });
});
