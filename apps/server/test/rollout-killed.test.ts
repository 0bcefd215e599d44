import { templateStateOf } from '@ec/contract/shadow-template-state';
import { SimulatedDevice } from '@ec/simulator/simulated-device';
import { describe, expect, it } from 'vitest';
import { withoutCredentials } from '../src/device-link/mqtt-client.ts';
import { cleanupsAfter } from './cleanups.ts';
import { eventually } from './factories.ts';
import { killed, orgForServerProcesses, startServerProcess } from './server-process.ts';

/**
 * A rollout survives its server (issue 26, decision 191): the process carrying it on is SIGKILLed while
 * the first wave's sets are with the devices, which answer while no server listens. A second server
 * process started on the same database takes the rollout over (its state is in PostgreSQL, its claim a
 * lease), learns what the devices applied, and sends the second wave. Real processes, PostgreSQL and
 * Mosquitto only: the embedded broker dies with its server.
 */
const external = process.env.TEST_DATABASE_URL && process.env.TEST_MQTT_URL;
const cleanups = cleanupsAfter();

describe.skipIf(!external)('a server process killed in the middle of a rollout', () => {
  it('another process carries the rollout on to its end', async () => {
    // Set up through an in-process server, closed before the rollout: the spawned ones are then alone.
    const setup = await orgForServerProcesses({ name: 'ec-rollout-killed', devices: 4, cleanups });
    const { devices, callAsOwner } = setup;
    const env = { ...setup.env, ROLLOUT_LEASE_SECONDS: '3' };
    let server = await startServerProcess(env, cleanups);

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
    const api = async (url: string, init?: RequestInit) =>
      (await callAsOwner(server.baseUrl, url, init)).json();
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

    server = await startServerProcess(env, cleanups);
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
