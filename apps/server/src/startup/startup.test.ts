import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_START_LIMIT_MS } from '../../test/server-process.ts';
import { loadConfig } from '../config/env.ts';
import { startDeviceLink } from '../device-link/device-link.ts';
import { startEmbeddedBroker } from '../device-link/embedded-broker.ts';
import { createLogger } from '../logging/logger.ts';
import { explainBrokerError, explainDatabaseError } from './startup-errors.ts';
import { waitUntilReachable } from './wait-until-reachable.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** Runs `npm start`'s server with `env` and answers its exit code and what it wrote to stderr. */
function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(path.join(serverRoot, '../../node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DEMO: '0',
        PORT: '0',
        MQTT_PORT: '0',
        LOG_LEVEL: 'warn',
        STARTUP_WAIT_SECONDS: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('start-up with a service that cannot be used', () => {
  it('names an unreachable PostgreSQL in one line after waiting for it', async () => {
    const { code, stderr } = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/ec' });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Cannot start: Cannot reach PostgreSQL at 127.0.0.1:1 (DATABASE_URL): is it running, and is DATABASE_URL right?',
    );
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 30_000);

  it('names an unreachable broker in one line after waiting for it', async () => {
    const config = loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1', DATA_DIR: '/tmp/ec-startup-unused' });
    const log = createLogger({ level: 'silent' });
    const failure = await waitUntilReachable(
      'the MQTT broker',
      // The broker is tried before the database is touched, so none is needed here.
      () => startDeviceLink({ config, log, verifyDevice: async () => false }),
      { waitSeconds: 1, log, retryEveryMs: 200 },
    ).catch((error: unknown) => error);
    expect(explainBrokerError(failure, config.MQTT_URL)).toBe(
      'Cannot reach the MQTT broker at 127.0.0.1:1 (MQTT_URL): is it running, and is MQTT_URL right?',
    );
  });
});

/**
 * A broker that checks device logins and knows none of the demo's devices, and its MQTT_URL with the
 * server's credentials: TEST_MQTT_URL when it has them (Mosquitto with dynamic security), else the
 * embedded broker's code standing alone, refusing every device.
 */
async function brokerThatChecksDevices(): Promise<{
  env: Record<string, string>;
  close: () => Promise<void>;
}> {
  const external = process.env.TEST_MQTT_URL;
  if (external && new URL(external).username) return { env: { MQTT_URL: external }, close: async () => {} };
  const server = { username: 'ec-console-server', password: 'startup-test' };
  const log = createLogger({ level: 'silent' });
  const broker = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    log,
    auth: { server, verifyDevice: async () => false },
  });
  const url = new URL(broker.url);
  url.username = server.username;
  url.password = server.password;
  // The embedded broker's code has no shared subscriptions.
  return { env: { MQTT_URL: url.href, MQTT_SHARED_SUBSCRIPTIONS: '0' }, close: () => broker.close() };
}

describe('start-up with the demo on a broker that checks devices', () => {
  it(
    'stops with one line when the console makes the devices no accounts there',
    async () => {
      const broker = await brokerThatChecksDevices();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ec-startup-demo-'));
      try {
        const { code, stderr } = await startServer({
          ...broker.env,
          MQTT_DEVICE_AUTH: '',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          DEMO: '1',
        });
        expect(stderr).toContain(
          "refused the demo's devices: it checks device logins, and without MQTT_DEVICE_AUTH=plugin the console makes devices no accounts there.",
        );
        expect(stderr).not.toMatch(/^\s+at /m);
        expect(code).toBe(1);
      } finally {
        await broker.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    SERVER_START_LIMIT_MS + 30_000,
  );
});

describe('start-up messages', () => {
  const driverError = (code: string, message: string) =>
    Object.assign(new Error('Failed query: CREATE SCHEMA'), {
      cause: Object.assign(new Error(message), { code }),
    });

  it('says how to fix a missing database or refused credentials', () => {
    const url = 'postgres://ec:pw@db.internal:5433/console';
    expect(explainDatabaseError(driverError('3D000', 'database "console" does not exist'), url)).toBe(
      'The database "console" does not exist on PostgreSQL at db.internal:5433 (DATABASE_URL): create it (createdb console) or name an existing one in DATABASE_URL.',
    );
    expect(explainDatabaseError(driverError('28P01', 'password authentication failed'), url)).toContain(
      'refused the user and password of DATABASE_URL',
    );
    expect(explainDatabaseError(driverError('ENOTFOUND', 'getaddrinfo ENOTFOUND'), url)).toBe(
      'The host of DATABASE_URL (db.internal:5433) is unknown: check DATABASE_URL.',
    );
  });

  it('never repeats the credentials of a URL', () => {
    const refused = Object.assign(new Error('Connection refused: Not authorized'), { code: 5 });
    const message = explainBrokerError(refused, 'mqtt://console:s3cret@broker:1883');
    expect(message).toBe(
      "the MQTT broker at broker:1883 (MQTT_URL) refused the user and password in MQTT_URL: check them and the broker's access rules.",
    );
    expect(message).not.toContain('s3cret');
  });
});
