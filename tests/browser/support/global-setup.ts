import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startOidcIssuer } from '../../../apps/server/test/oidc-issuer.ts';
import { DEMO_ADMIN, SSO_PROVIDER } from './demo.ts';
import { startMailCapture } from './mailbox.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Waits until the console answers its health check and the demo it seeds after listening is written. */
async function waitForDemo(url: string, dataDir: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the console exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      const healthy = response.ok && (await response.json()).status === 'ok';
      if (healthy && existsSync(path.join(dataDir, 'demo-devices.json'))) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the console did not become healthy in time');
}

/**
 * A fresh database on the PostgreSQL server of EC_BROWSER_DATABASE_URL (a maintenance database such as
 * `postgres`), dropped again at the end; null to run on PGlite.
 */
async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.EC_BROWSER_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `ec_browser_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts what a user would have: the console built and served by `npm start`'s server with the demo
 * seeded, e-mail going to a local SMTP capture. Runs against PGlite and the embedded broker, or
 * against a fresh database on EC_BROWSER_DATABASE_URL's server and the broker of EC_BROWSER_MQTT_URL.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')) || process.env.EC_BROWSER_REBUILD !== '0') {
    const build = spawnSync('npm', ['run', 'build', '-w', '@ec/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the web app failed');
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'ec-browser-'));
  const mailDir = path.join(work, 'mail');
  const dataDir = path.join(work, 'data');
  const mail = await startMailCapture(mailDir);
  const database = await freshPostgresDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A real OpenID Connect provider for the single sign-on tests, on its own port.
  const issuer = await startOidcIssuer({
    clientId: 'edgecaster-console',
    clientSecret: 'browser-test-client-secret',
    redirectUri: `${baseUrl}/auth/oauth_complete`,
  });

  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      DEMO: '1',
      DEMO_DEVICES: '6',
      DEMO_ADMIN_EMAIL: DEMO_ADMIN.email,
      DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url ?? '',
      MQTT_URL: process.env.EC_BROWSER_MQTT_URL ?? '',
      OIDC_PROVIDERS: JSON.stringify([
        {
          ...SSO_PROVIDER,
          issuer: issuer.issuer,
          client_id: 'edgecaster-console',
          client_secret: 'browser-test-client-secret',
        },
      ]),
    },
  });
  const teardown = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await mail.close();
    await issuer.close();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitForDemo(baseUrl, dataDir, server);
  } catch (error) {
    await teardown();
    throw error;
  }

  process.env.EC_BROWSER_BASE_URL = baseUrl;
  process.env.EC_MAIL_DIR = mailDir;
  process.env.EC_DATA_DIR = dataDir;
  return teardown;
}
