import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../build.ts';
import { cleanupsAfter } from '../../test/cleanups.ts';
import { eventually } from '../../test/factories.ts';
import { externalServerEnv, freePort, killed, SERVER_START_LIMIT_MS } from '../../test/server-process.ts';
import { createEmptyDatabase } from '../../test/test-databases.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const external = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_MQTT_URL);
const cleanups = cleanupsAfter('each');

/**
 * The environment of the built server: the embedded defaults, or on the PostgreSQL + Mosquitto pass a
 * new database (so the build's own copy of the migrations creates it), the run's broker and an ingest
 * thread.
 */
async function serverEnv(dataDir: string): Promise<Record<string, string>> {
  const empty = external ? await createEmptyDatabase() : undefined;
  if (empty) {
    cleanups.push(() => empty.drop());
    // With an ingest thread: the build's own entry for it (ingest-thread.js) starts, or the server does not.
    return {
      ...(await externalServerEnv({ databaseUrl: empty.url, dataDir, name: 'server-build' })),
      INGEST_THREADS: '1',
    };
  }
  return {
    DEMO: '0',
    DATABASE_URL: '',
    MQTT_URL: '',
    PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
  };
}

describe('the server built for production (npm run build, decision 226)', () => {
  it(
    'starts with node alone from the build, answers its health check and stops cleanly on SIGTERM',
    async () => {
      // Inside the repository (.tmp is ignored), so that Node finds node_modules from the build as it
      // does from apps/server/dist.
      await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
      const outDir = await mkdtemp(path.join(repoRoot, '.tmp', 'server-build-'));
      cleanups.push(() => rm(outDir, { recursive: true, force: true }));
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ec-server-build-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      await buildServer(outDir);

      const env = await serverEnv(dataDir);
      // No tsx anywhere: plain node on the bundle, the PGlite worker its own entry, migrations copied.
      const child: ChildProcess = spawn(process.execPath, [path.join(outDir, 'main.js')], {
        cwd: outDir,
        env: { PATH: process.env.PATH, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      cleanups.push(() => killed(child));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

      const health = await eventually(async () => {
        const response = await fetch(`http://127.0.0.1:${env.PORT}/v1/health`).catch(() => null);
        return response?.ok ? response.json() : undefined;
      }, SERVER_START_LIMIT_MS);
      expect(health).toMatchObject({
        status: 'ok',
        database: { ok: true, kind: external ? 'postgres' : 'pglite' },
        broker: { ok: true, embedded: !external },
      });

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    SERVER_START_LIMIT_MS + 60_000,
  );
});
