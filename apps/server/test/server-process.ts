import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Cleanups } from './cleanups.ts';
import { adoptBySerial, createOrgWithOwner, eventually, provision } from './factories.ts';
import { createTestApp } from './test-app.ts';
import { openTestDatabase } from './test-databases.ts';

/**
 * The console's server as a process of its own, for the tests that kill one (server-killed,
 * rollout-killed) on PostgreSQL + Mosquitto: the embedded broker would die with it.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The environment of a server process on the external database and broker of the test run. */
export async function externalServerEnv(input: { databaseUrl: string; dataDir: string; name: string }) {
  return {
    DATABASE_URL: input.databaseUrl,
    MQTT_URL: process.env.TEST_MQTT_URL!,
    MQTT_DEVICE_AUTH: process.env.TEST_MQTT_DEVICE_AUTH ?? 'plugin',
    MQTT_SHARE_GROUP: `${input.name}-${randomBytes(4).toString('hex')}`,
    PORT: String(await freePort()),
    DATA_DIR: input.dataDir,
    WEB_DIST: '/nonexistent',
    DEMO: '0',
    LOG_LEVEL: 'warn',
  };
}

/**
 * An organization with `devices` adopted devices on a new test database, and the environment of server
 * processes on it (a data folder of their own, `name` naming both). It is set up through an in-process
 * server that is closed again, so that the spawned processes are then the only ones. What it makes is
 * undone by the functions it pushes onto `cleanups`. `callAsOwner` calls a spawned process's API as the
 * organization's owner (a process started again answers at another address: it is named per call).
 */
export async function orgForServerProcesses(input: { name: string; devices: number; cleanups: Cleanups }) {
  const database = await openTestDatabase();
  input.cleanups.push(() => database.close());
  const setup = await createTestApp({ database });
  const { owner, orgGuid } = await createOrgWithOwner(setup);
  const devices = await provision(setup, input.devices);
  for (const device of devices) await adoptBySerial(setup, owner.headers(orgGuid), device.serial_number);
  await setup.close();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${input.name}-`));
  input.cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = await externalServerEnv({ databaseUrl: database.url!, dataDir, name: input.name });
  const callAsOwner = (baseUrl: string, url: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${url}`, {
      ...init,
      headers: { ...owner.headers(orgGuid), 'content-type': 'application/json' },
    });
  return { owner, orgGuid, devices, env, callAsOwner };
}

/**
 * How long a server started from source may take to answer its health check: about 20 s on an idle
 * 2-core machine, more than 60 s under the whole suite's load on a slow one (tsx compiles the server
 * as it loads, and a new PGlite folder is made first).
 */
export const SERVER_START_LIMIT_MS = 150_000;

/**
 * `npm start`'s server as a process of its own, answering once its health check does; killed with the
 * test's `cleanups` if it still runs then (also when it never became healthy).
 */
export async function startServerProcess(env: Record<string, string>, cleanups: Cleanups) {
  // Node itself runs the server (tsx's launcher would take the SIGKILL and leave its child running).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(() => killed(child));
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  await eventually(
    async () => (await fetch(`${baseUrl}/v1/health`).catch(() => null))?.ok,
    SERVER_START_LIMIT_MS,
  );
  return { child, baseUrl };
}

/** SIGKILLs the process (if it still runs) and settles once it is gone. */
export const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
