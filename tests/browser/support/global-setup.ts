import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startOidcIssuer } from '../../../apps/server/test/oidc-issuer.ts';
import { startSmsProvider } from '../../../apps/server/test/sms-provider.ts';
import { freePort, root, webDist } from './console-paths.ts';
import { DEMO_ADMIN, SSO_PROVIDER } from './demo.ts';
import { startMailCapture } from './mailbox.ts';

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

/** Two distinct free ports (the console's HTTP and its embedded broker). */
async function freePorts(): Promise<[number, number]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

/**
 * The console as `npm start` runs it, on free ports, with a real OpenID Connect provider beside it,
 * once its health check answers and the demo is seeded.
 */
async function startConsole(options: {
  dataDir: string;
  mailPort: number;
  smsUrl: string;
  databaseUrl?: string;
}) {
  const [port, mqttPort] = await freePorts();
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
      MQTT_PORT: String(mqttPort),
      DATA_DIR: options.dataDir,
      SMTP_URL: `smtp://127.0.0.1:${options.mailPort}`,
      SMS_URL: options.smsUrl,
      SMS_FROM: '+15550100000',
      DEMO: '1',
      DEMO_DEVICES: '6',
      DEMO_ADMIN_EMAIL: DEMO_ADMIN.email,
      DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      WEB_DIST: webDist,
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
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await issuer.close();
  };
  try {
    await waitForDemo(baseUrl, options.dataDir, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * Starts what a user would have: the console built and served by `npm start`'s server with the demo
 * seeded, e-mail going to a local SMTP capture and text messages to a captured SMS provider. Runs
 * against PGlite and the embedded broker, or against a fresh database on EC_BROWSER_DATABASE_URL's
 * server and the broker of EC_BROWSER_MQTT_URL.
 * Used by the browser tests and by the web measurements (measure/measure-web.ts).
 */
export async function startTestConsole() {
  if (!existsSync(path.join(webDist, 'index.html')) || process.env.EC_BROWSER_REBUILD !== '0') {
    const build = spawnSync('npm', ['run', 'build', '-w', '@ec/web', '--', '--outDir', webDist], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('building the web app failed');
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'ec-browser-'));
  const mailDir = path.join(work, 'mail');
  const dataDir = path.join(work, 'data');
  const mail = await startMailCapture(mailDir);
  const sms = await startSmsProvider();
  const database = await freshPostgresDatabase();
  // A port found free may be taken again before the console binds it: then it starts anew on others.
  let started: Awaited<ReturnType<typeof startConsole>> | undefined;
  for (let attempt = 1; !started; attempt++) {
    try {
      started = await startConsole({
        dataDir,
        mailPort: mail.port,
        smsUrl: sms.url(),
        databaseUrl: database?.url,
      });
    } catch (error) {
      if (attempt === 3) {
        await mail.close();
        await sms.close();
        await database?.drop();
        throw error;
      }
    }
  }
  const { baseUrl, stop } = started;
  const teardown = async () => {
    await stop();
    await mail.close();
    await sms.close();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  };
  return { baseUrl, mailDir, smsCaptureUrl: sms.origin, dataDir, databaseUrl: database?.url, teardown };
}

export default async function globalSetup() {
  const { baseUrl, mailDir, smsCaptureUrl, dataDir, databaseUrl, teardown } = await startTestConsole();
  process.env.EC_BROWSER_BASE_URL = baseUrl;
  process.env.EC_MAIL_DIR = mailDir;
  process.env.EC_SMS_CAPTURE_URL = smsCaptureUrl;
  process.env.EC_DATA_DIR = dataDir;
  // The console's own database on PostgreSQL, for a spec that must move its clock (license-expiry).
  if (databaseUrl) process.env.EC_CONSOLE_DATABASE_URL = databaseUrl;
  return teardown;
}
