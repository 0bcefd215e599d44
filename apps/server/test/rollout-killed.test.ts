import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { templateStateOf } from '@ec/contract/shadow-template-state';
import { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutCredentials } from '../src/device-link/mqtt-client.ts';
import { adoptBySerial, createOrgWithOwner, eventually, provision } from './factories.ts';
import { createTestApp } from './test-app.ts';
import { openTestDatabase } from './test-databases.ts';

/**
 * A rollout survives its server (issue 26, decision 191): the process carrying it on is SIGKILLed while
 * the first wave's sets are with the devices, which answer while no server listens. A second server
 * process started on the same database takes the rollout over (its state is in PostgreSQL, its claim a
 * lease), learns what the devices applied, and sends the second wave. Real processes, PostgreSQL and
 * Mosquitto only: the embedded broker dies with its server.
 */
const external = process.env.TEST_DATABASE_URL && process.env.TEST_MQTT_URL;
const serverRoot = path.resolve(import.meta.dirname, '..');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** `npm start`'s server as a process of its own, answering once its health check does. */
async function startServer(env: Record<string, string>) {
  // Node itself runs the server (tsx's launcher would take the SIGKILL and leave its child running).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  await eventually(async () => (await fetch(`${baseUrl}/v1/health`).catch(() => null))?.ok, 60_000);
  return { child, baseUrl };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe.skipIf(!external)('a server process killed in the middle of a rollout', () => {
  it('another process carries the rollout on to its end', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    // Set up through an in-process server, closed before the rollout: the spawned ones are then alone.
    const setup = await createTestApp({ database });
    const { owner, orgGuid } = await createOrgWithOwner(setup);
    const devices = await provision(setup, 4);
    for (const device of devices) await adoptBySerial(setup, owner.headers(orgGuid), device.serial_number);
    await setup.close();

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ec-rollout-killed-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: database.url!,
      MQTT_URL: process.env.TEST_MQTT_URL!,
      MQTT_DEVICE_AUTH: process.env.TEST_MQTT_DEVICE_AUTH ?? 'dynsec',
      MQTT_SHARE_GROUP: `ec-rollout-killed-${randomBytes(4).toString('hex')}`,
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ROLLOUT_LEASE_SECONDS: '3',
    };
    let server = await startServer(env);
    cleanups.push(() => killed(server.child));

    // Simulated encoders on the broker, slow to apply a set: the first wave's answers come while the
    // first server is dead.
    const simulated = devices.map(
      (device) =>
        new SimulatedDevice({
          device,
          mqttUrl: withoutCredentials(process.env.TEST_MQTT_URL!),
          applyDelayMs: 2000,
          metricsIntervalMs: 0,
          stateIntervalMs: 0,
        }),
    );
    for (const device of simulated) {
      await device.start();
      cleanups.push(() => device.stop());
    }
    const api = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        ...init,
        headers: { ...owner.headers(orgGuid), 'content-type': 'application/json' },
      });
      return response.json();
    };
    const guids = devices.map((device) => device.device_guid);
    const inputsOf = async (guid: string) =>
      (await api(`/v1/devices/${guid}/shadows?shadow_names=Inputs`)).shadows[0]?.reported;
    await eventually(async () => {
      for (const guid of guids) {
        const { device } = await api(`/v1/devices/${guid}`);
        if (!device.online || !(await inputsOf(guid))) return false;
      }
      return true;
    }, 20_000);

    const state = templateStateOf('Inputs', (await inputsOf(guids[0]!)).state) as {
      inputs: { config: object }[];
    };
    state.inputs[0]!.config = { ...state.inputs[0]!.config, name: 'Survived' };
    const { rollout_guid: rolloutGuid } = await api('/v1/rollouts', {
      method: 'POST',
      body: JSON.stringify({
        source: { kind: 'change', shadow_name: 'Inputs', state },
        target: { kind: 'devices', device_guids: guids },
        wave_size: 2,
        pause_seconds: 0,
        offline_policy: 'skip',
      }),
    });
    expect(rolloutGuid).toEqual(expect.any(String));
    // The first wave's sets are with the devices: the server dies before they answer.
    await eventually(async () => {
      const { waves } = await api(`/v1/rollouts/${rolloutGuid}`);
      return waves[0].devices.every((device: { device_state: string }) => device.device_state === 'sent');
    });
    await killed(server.child);

    server = await startServer(env);
    const finished = await eventually(async () => {
      const answer = await api(`/v1/rollouts/${rolloutGuid}`);
      return answer.rollout.rollout_state !== 'running' && answer;
    }, 60_000);
    expect(finished.rollout).toMatchObject({
      rollout_state: 'completed',
      current_wave: 2,
      counts: { acknowledged: 4 },
    });
    for (const guid of guids) expect((await inputsOf(guid)).state.inputs[0].config.name).toBe('Survived');
  }, 150_000);
});
