import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, webDist } from './console-paths.ts';

/**
 * One more console process on the spec console's PostgreSQL database and broker (the PostgreSQL +
 * Mosquitto pass: EC_CONSOLE_DATABASE_URL, EC_BROWSER_MQTT_URL), as production runs several: no demo,
 * the same built web app. Answers once its health check does; `kill` ends it as a crash would.
 */
export async function startConsoleProcess() {
  const databaseUrl = process.env.EC_CONSOLE_DATABASE_URL;
  const mqttUrl = process.env.EC_BROWSER_MQTT_URL;
  if (!databaseUrl || !mqttUrl) throw new Error('another console process needs PostgreSQL and the broker');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ec-console-process-'));
  // Node itself runs the server, so that a SIGKILL reaches it and not a launcher.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MQTT_URL: mqttUrl,
      DEMO: '0',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a console process exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/v1/health/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('a console process did not become ready in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    url,
    /** Ends the process at once (SIGKILL), as a crash or a lost machine would. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await gone;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
