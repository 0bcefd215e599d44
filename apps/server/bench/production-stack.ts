import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root, sleep } from './bench-console.ts';

/**
 * A PostgreSQL server of the bench's own in a temporary folder, with PostgreSQL's defaults as a
 * production server has them (autovacuum on): the machine's server is set up for tests (autovacuum
 * off), under which a storm's and a soak's updated tables keep every dead row (49,000 for 10,000
 * devices' rows after 5 minutes of soak; the status counts read 17,892 row versions). Run as the
 * postgres user (PostgreSQL refuses root); BENCH_POSTGRES_BIN names its programs' folder. To see what
 * the console asks of it: BENCH_PG_STATEMENTS=1 prints the statements run most often
 * (pg_stat_statements) when the bench ends, BENCH_POSTGRES_OPTIONS adds server options (auto_explain's,
 * say: `-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=40 ...`).
 */
async function startOwnPostgres() {
  const statementStatistics = process.env.BENCH_PG_STATEMENTS === '1';
  const bin =
    process.env.BENCH_POSTGRES_BIN ??
    path.join(
      '/usr/lib/postgresql',
      readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0]!,
      'bin',
    );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ec-bench-postgres-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (program: string, args: string[]) => {
    const command = [path.join(bin, program), ...args];
    const run = spawnSync(
      asRoot ? 'runuser' : command[0]!,
      asRoot ? ['-u', 'postgres', '--', ...command] : args,
      {
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`${program} failed: ${run.stderr}`);
  };
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(dir, id('-u'), id('-g'));
  }
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  asPostgres('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'postgres.log'),
    '-o',
    [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      statementStatistics ? '-c shared_preload_libraries=pg_stat_statements' : '',
      process.env.BENCH_POSTGRES_OPTIONS ?? '',
    ].join(' '),
    '-w',
    'start',
  ]);
  const postmasterPid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.once('exit', () => {
    if (existsSync(`/proc/${postmasterPid}`)) process.kill(postmasterPid);
  });
  return {
    maintenanceUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    postmasterPid,
    async stop() {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The production configuration for a bench: a Mosquitto of its own from scripts/start-mosquitto.sh
 * (the device accounts plugin) and a fresh PostgreSQL database, on a server of its own
 * (startOwnPostgres) unless BENCH_DATABASE_URL names one's maintenance database. Sets DATABASE_URL,
 * MQTT_URL and MQTT_DEVICE_AUTH for the console the bench starts next; `stop` removes all it started.
 */
/** The statements the console ran most often (BENCH_PG_STATEMENTS=1), to standard error. */
async function printStatementStatistics(admin: pg.Client) {
  const { rows } = await admin.query(
    `select calls, round(total_exec_time) as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
       from pg_stat_statements order by calls desc limit 40`,
  );
  console.error('PostgreSQL statements by calls:');
  for (const row of rows) console.error(`${row.calls}\t${row.ms} ms\t${row.rows} rows\t${row.query}`);
}

export async function startProductionStack(name: string) {
  const ownPostgres = process.env.BENCH_DATABASE_URL ? undefined : await startOwnPostgres();
  const maintenanceUrl = process.env.BENCH_DATABASE_URL ?? ownPostgres!.maintenanceUrl;
  const brokerDir = mkdtempSync(path.join(os.tmpdir(), 'ec-bench-mosquitto-'));
  const started = spawnSync(
    path.join(root, 'scripts/start-mosquitto.sh'),
    [String(await freePort()), brokerDir],
    { encoding: 'utf8' },
  );
  if (started.status !== 0) throw new Error(`start-mosquitto.sh failed: ${started.stderr}`);
  const brokerUrl = started.stdout.trim().split('\n').at(-1)!;
  const brokerPid = Number(readFileSync(path.join(brokerDir, 'mosquitto.pid'), 'utf8'));
  // A bench that fails leaves no broker behind.
  process.once('exit', () => {
    if (existsSync(`/proc/${brokerPid}`)) process.kill(brokerPid);
  });

  const database = `ec_bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  // Our own server runs as docs/production.md tells one to (ALTER SYSTEM, one statement at a time).
  if (ownPostgres)
    for (const statement of readFileSync(path.join(root, 'deploy/postgres/tuning.sql'), 'utf8')
      .replace(/--.*$/gm, '')
      .split(';')
      .map((text) => text.trim())
      .filter(Boolean))
      await admin.query(statement);
  await admin.query(`create database ${database}`);
  const statements = ownPostgres && process.env.BENCH_PG_STATEMENTS === '1';
  if (statements) await admin.query('create extension if not exists pg_stat_statements');
  const databaseUrl = new URL(maintenanceUrl);
  databaseUrl.pathname = `/${database}`;
  process.env.DATABASE_URL = databaseUrl.href;
  process.env.MQTT_URL = brokerUrl;
  process.env.MQTT_DEVICE_AUTH = 'plugin';

  return {
    brokerDir,
    brokerPid,
    postmasterPid: ownPostgres?.postmasterPid,
    database,
    databaseUrl: databaseUrl.href,
    async stop() {
      process.kill(brokerPid);
      // Mosquitto writes its persistence file (every device's session) on its way out.
      for (let i = 0; i < 300 && existsSync(`/proc/${brokerPid}`); i++) await sleep(100);
      rmSync(brokerDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      if (statements) await printStatementStatistics(admin);
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
      await ownPostgres?.stop();
    },
  };
}
