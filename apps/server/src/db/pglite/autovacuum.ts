import type pg from 'pg';
import { inBackground } from '../background-work.ts';

/**
 * How often the embedded database's tables are checked. PostgreSQL's autovacuum naps a minute
 * between rounds; a round here is one cheap statement, and the first minutes of a fleet's announcement
 * (the storm) are when a table grows fastest and its statistics lag most.
 */
export const AUTOVACUUM_NAPTIME_MS = 10_000;

type DueTable = { table: string; vacuum: boolean; analyze: boolean };

/**
 * The tables due for VACUUM or ANALYZE by PostgreSQL's own autovacuum rules and settings: dead rows,
 * rows inserted since the last vacuum, or rows changed since the last analyze past the threshold plus
 * the scale factor times the table's size, or a table whose oldest transaction id is past the freeze
 * age (wraparound).
 */
const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
         (s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
                         + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
                         + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
          or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::float8) as vacuum,
         s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
                         + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0) as analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid`;

/**
 * One autovacuum round: every due table vacuumed or analyzed, one statement at a time, each as
 * background work (people's statements go first on the one connection). A table due for both gets a
 * VACUUM and then an ANALYZE, as PostgreSQL's own autovacuum does, rather than one VACUUM (ANALYZE):
 * the one connection is held half as long at a time (during the storm `vacuum (analyze)` of the
 * devices held it 50-86 ms, and a person's set waited behind it). Answers what it did.
 */
export async function vacuumDueTables(pool: pg.Pool): Promise<DueTable[]> {
  return inBackground(async () => {
    const { rows } = await pool.query<DueTable>(DUE_TABLES);
    const due = rows.filter((row) => row.vacuum || row.analyze);
    for (const { table, vacuum, analyze } of due) {
      if (vacuum) await pool.query(`vacuum ${table}`);
      if (analyze) await pool.query(`analyze ${table}`);
    }
    return due;
  });
}

/**
 * PostgreSQL's autovacuum for PGlite, which has none: PGlite runs PostgreSQL as a single backend, with
 * no autovacuum launcher. Without it the planner never learns a table's size (a shadow set cost the
 * console 110 ms of CPU at 10,000 devices, 10 ms after one ANALYZE) and updated rows are never
 * reclaimed (decision 285). A round starts every `naptimeMs` unless the last one is still under way;
 * a failed round is told to `onFailed` and tried again at the next.
 */
export function startAutovacuum(
  pool: pg.Pool,
  {
    naptimeMs = AUTOVACUUM_NAPTIME_MS,
    onFailed,
  }: { naptimeMs?: number; onFailed?: (error: Error) => void } = {},
) {
  let round: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    round ??= vacuumDueTables(pool)
      .catch((error: Error) => onFailed?.(error))
      .finally(() => {
        round = undefined;
      });
  }, naptimeMs);
  timer.unref();
  return {
    /** Stops the rounds and waits for the one under way. */
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
