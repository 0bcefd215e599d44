import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root, sleep } from './bench-console.ts';

/**
 * The production configuration for a bench: a Mosquitto of its own from scripts/start-mosquitto.sh
 * (the device accounts plugin) and a fresh PostgreSQL database (created through BENCH_DATABASE_URL,
 * a server's maintenance database; default the machine's). Sets DATABASE_URL, MQTT_URL and
 * MQTT_DEVICE_AUTH for the console the bench starts next; `stop` removes both.
 */
export async function startProductionStack(name: string) {
  const maintenanceUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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
  await admin.query(`create database ${database}`);
  const databaseUrl = new URL(maintenanceUrl);
  databaseUrl.pathname = `/${database}`;
  process.env.DATABASE_URL = databaseUrl.href;
  process.env.MQTT_URL = brokerUrl;
  process.env.MQTT_DEVICE_AUTH = 'plugin';

  return {
    brokerDir,
    brokerPid,
    database,
    databaseUrl: databaseUrl.href,
    async stop() {
      process.kill(brokerPid);
      // Mosquitto writes its persistence file (every device's session) on its way out.
      for (let i = 0; i < 300 && existsSync(`/proc/${brokerPid}`); i++) await sleep(100);
      rmSync(brokerDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
