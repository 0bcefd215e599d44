import type { CreateRolloutBody } from '@ec/contract/rollouts';
import { templateStateOf } from '@ec/contract/shadow-template-state';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  addDeviceUser,
  addFleetUser,
  createFleet,
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  createUser,
  eventually,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
const running: SimulatedDevice[] = [];

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(async () => {
  for (const device of running) await device.stop();
  await t.close();
});

async function simulated(count: number) {
  const started = await Promise.all(
    Array.from({ length: count }, () => startSimulatedDevice(t, { orgGuid, applyDelayMs: 0 })),
  );
  running.push(...started);
  return started;
}

const get = (url: string, user = owner) =>
  t.app.inject({ url, headers: user.headers(orgGuid) }).then((response) => response.json());

/** The Inputs change the tests roll out: the first input renamed, from one device's own document. */
async function renameFirstInput(deviceGuid: string, name: string) {
  // Online comes first; the device's documents follow it.
  const reported = await eventually(
    async () => (await get(`/v1/devices/${deviceGuid}/shadows?shadow_names=Inputs`)).shadows[0]?.reported,
  );
  const state = templateStateOf('Inputs', reported.state) as { inputs: { config: object }[] };
  state.inputs[0]!.config = { ...state.inputs[0]!.config, name };
  return state;
}

async function start(
  body: Omit<CreateRolloutBody, 'source'> & { source?: CreateRolloutBody['source'] },
  user = owner,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/rollouts',
    headers: user.headers(orgGuid),
    payload: body,
  });
  return response;
}

async function startChange(
  deviceGuids: string[],
  settings: Partial<CreateRolloutBody> = {},
  name = 'Rolled out',
) {
  const state = await renameFirstInput(deviceGuids[0]!, name);
  const response = await start({
    source: { kind: 'change', shadow_name: 'Inputs', state },
    target: { kind: 'devices', device_guids: deviceGuids },
    wave_size: 2,
    pause_seconds: 0,
    offline_policy: 'skip',
    ...settings,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().rollout_guid as string;
}

const rolloutOf = (guid: string) => get(`/v1/rollouts/${guid}`);

/** Waits until the rollout is in `state` (the worker runs on the device's answers and every second). */
const settledIn = (guid: string, state: string, timeoutMs = 10_000) =>
  eventually(async () => {
    const answer = await rolloutOf(guid);
    return answer.rollout?.rollout_state === state && answer;
  }, timeoutMs);

const firstInputName = async (deviceGuid: string) => {
  const { shadows } = await get(`/v1/devices/${deviceGuid}/shadows?shadow_names=Inputs`);
  return shadows[0].reported.state.inputs[0].config.name as string;
};

describe('a rollout in waves', () => {
  it('sends wave after wave, and a device that rejects the change stops the rollout', async () => {
    const devices = await simulated(5);
    const [a, b, c, d, e] = devices.map((device) => device.device.device_guid) as [string, ...string[]];
    devices[2]!.setAnswers = 'reject';
    const guid = await startChange([a, b!, c!, d!, e!], { wave_size: 2 }, 'Stage left');

    const { rollout, waves } = await settledIn(guid, 'stopped');
    expect(rollout).toMatchObject({
      wave_count: 3,
      wave_size: 2,
      source_kind: 'change',
      shadow_name: 'Inputs',
      stop_reason: expect.stringContaining('rejected the change: Refused by the device (simulated)'),
    });
    expect(rollout.finished_at).not.toBeNull();
    const states = waves.map((wave: { devices: { device_state: string }[] }) =>
      wave.devices.map((device) => device.device_state),
    );
    // Wave 1 acknowledged; in wave 2 the device that refused; wave 3 was never sent.
    expect(states[0]).toEqual(['acknowledged', 'acknowledged']);
    expect(states[1]).toContain('rejected');
    expect(states[2]).toEqual(['cancelled']);
    expect(
      waves[1].devices.find((device: { device_guid: string }) => device.device_guid === c),
    ).toMatchObject({
      device_state: 'rejected',
      error_code: 'SIMULATED_REJECTION',
      command_guid: expect.any(String),
    });
    // The change reached the devices of the first wave, not the one left unsent.
    expect(await firstInputName(a)).toBe('Stage left');
    expect(await firstInputName(e!)).not.toBe('Stage left');

    // Each device's events link the rollout.
    const { events } = await get(`/v1/devices/${c}/events?pagination_size=50`);
    const linked = events.filter(
      (event: { event_data: { rollout_guid?: string } }) => event.event_data.rollout_guid === guid,
    );
    expect(linked.map((event: { event_data: { message: string } }) => event.event_data.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Rollout: Inputs set sent (started by'),
        'Rollout: Inputs set rejected: Refused by the device (simulated)',
      ]),
    );
  });

  it('stops on a device that does not answer within the set limit', async () => {
    const devices = await simulated(2);
    devices[1]!.setAnswers = 'ignore';
    const guid = await startChange(
      devices.map((device) => device.device.device_guid),
      { wave_size: 1 },
    );
    await eventually(async () => (await rolloutOf(guid)).waves[1].devices[0].device_state === 'sent');
    // The command timeouts job's run once the set's 20 s have passed, and the worker's next round.
    await t.shadows.failOverdueCommands(new Date(Date.now() + 21_000));
    t.rolloutWorker.kick();
    const { rollout, waves } = await settledIn(guid, 'stopped');
    expect(rollout.stop_reason).toContain('did not answer in time');
    expect(waves[1].devices[0]).toMatchObject({ device_state: 'timed_out', error_code: 'DEVICE_TIMEOUT' });
  });

  it('completes when every wave acknowledged, and is listed newest first with its counts', async () => {
    const devices = await simulated(3);
    const guid = await startChange(
      devices.map((device) => device.device.device_guid),
      { wave_size: 2 },
    );
    const { rollout } = await settledIn(guid, 'completed');
    expect(rollout.counts).toMatchObject({ acknowledged: 3, rejected: 0 });
    expect(rollout.current_wave).toBe(2);
    const { rollouts } = await get('/v1/rollouts');
    expect(rollouts[0]).toMatchObject({ rollout_guid: guid, device_count: 3, manageable: true });
    const { rollouts: completed } = await get('/v1/rollouts?rollout_state=completed');
    expect(completed.every((row: { rollout_state: string }) => row.rollout_state === 'completed')).toBe(true);
  });
});

describe('pause, resume and cancel', () => {
  const act = (guid: string, action: string, user = owner) =>
    t.app.inject({ method: 'POST', url: `/v1/rollouts/${guid}/${action}`, headers: user.headers() });

  it('waits out the pause between waves; paused, then resumed, it goes on', async () => {
    const devices = await simulated(2);
    const guid = await startChange(
      devices.map((device) => device.device.device_guid),
      {
        wave_size: 1,
        pause_seconds: 3600,
      },
    );
    const between = await eventually(async () => {
      const answer = await rolloutOf(guid);
      return answer.rollout.current_wave === 1 && answer;
    });
    expect(between.rollout.next_wave_at).not.toBeNull();
    expect(between.waves[1].devices[0].device_state).toBe('pending');

    const paused = await act(guid, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().rollout.rollout_state).toBe('paused');
    expect((await act(guid, 'pause')).json()).toMatchObject({
      message: 'Only a running rollout can be paused',
    });
    expect((await act(guid, 'pause')).statusCode).toBe(409);

    // Resuming ends the pause between waves: the next wave goes out now.
    expect((await act(guid, 'resume')).json().rollout.rollout_state).toBe('running');
    const { rollout } = await settledIn(guid, 'completed');
    expect(rollout.counts.acknowledged).toBe(2);
    const late = await act(guid, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The rollout has finished');
  });

  it('cancelled, it sends to no further device', async () => {
    const devices = await simulated(2);
    const guid = await startChange(
      devices.map((device) => device.device.device_guid),
      {
        wave_size: 1,
        pause_seconds: 3600,
      },
    );
    await eventually(async () => (await rolloutOf(guid)).rollout.current_wave === 1);
    const cancelled = await act(guid, 'cancel');
    expect(cancelled.json().rollout).toMatchObject({ rollout_state: 'cancelled', counts: { cancelled: 1 } });
    expect((await act(guid, 'resume')).statusCode).toBe(409);
  });

  it('is managed by its creator and organization editors; other members only read it', async () => {
    const devices = await simulated(1);
    const guid = await startChange([devices[0]!.device.device_guid], { pause_seconds: 0 });
    const reader = await createMember(t, orgGuid, 100);
    expect((await get(`/v1/rollouts/${guid}`, reader)).rollout.manageable).toBe(false);
    expect((await act(guid, 'cancel', reader)).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await act(guid, 'cancel', stranger)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/v1/rollouts/${guid}`, headers: stranger.headers() })).statusCode,
    ).toBe(404);
  });
});

describe('offline devices', () => {
  it('are skipped, or queued and sent once they come online', async () => {
    const [online] = await simulated(1);
    const [offline] = await provisionInto(t, orgGuid, 1);
    const guids = [online!.device.device_guid, offline!.device_guid];

    const skipping = await startChange(guids, { offline_policy: 'skip' }, 'Skip offline');
    const skipped = await settledIn(skipping, 'completed');
    expect(skipped.rollout.counts).toMatchObject({ acknowledged: 1, skipped: 1 });

    const queueing = await startChange(guids, { offline_policy: 'queue' }, 'Queue offline');
    const queued = await eventually(async () => {
      const answer = await rolloutOf(queueing);
      return answer.rollout.counts.queued === 1 && answer.rollout.counts.acknowledged === 1 && answer;
    });
    expect(queued.rollout.rollout_state).toBe('running');
    const late = await startSimulatedDevice(t, { device: offline, applyDelayMs: 0 });
    running.push(late);
    const { rollout } = await settledIn(queueing, 'completed');
    expect(rollout.counts).toMatchObject({ acknowledged: 2, queued: 0 });
    expect(await firstInputName(offline!.device_guid)).toBe('Queue offline');
  });
});

describe('starting a rollout', () => {
  const settings = { wave_size: 10, pause_seconds: 0, offline_policy: 'skip' } as const;

  it('rolls an organization template out to a fleet, by the fleet editors', async () => {
    const devices = await simulated(2);
    const fleetGuid = await createFleet(t, owner, orgGuid, {
      deviceGuids: devices.map((device) => device.device.device_guid),
    });
    const state = await renameFirstInput(devices[0]!.device.device_guid, 'From template');
    const saved = await t.app.inject({
      method: 'POST',
      url: `/v1/orgs/${orgGuid}/shadow_templates`,
      headers: owner.headers(),
      payload: { templates: [{ template_name: 'Stage inputs', shadow_name: 'Inputs', state }] },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const { templates } = await get(`/v1/orgs/${orgGuid}/shadow_templates?shadow_name=Inputs`);
    const template = templates.find((row: { template_name: string }) => row.template_name === 'Stage inputs');

    const fleetUser = await createUser(t);
    await addFleetUser(t, fleetGuid, fleetUser, 200);
    const body = {
      source: { kind: 'template' as const, template_guid: template.template_guid },
      target: { kind: 'fleet' as const, fleet_guid: fleetGuid },
      ...settings,
    };
    expect((await start(body, fleetUser)).statusCode).toBe(403);
    const created = await start(body);
    expect(created.statusCode, created.body).toBe(201);
    const { rollout } = await settledIn(created.json().rollout_guid, 'completed');
    expect(rollout).toMatchObject({
      template_name: 'Stage inputs',
      target_kind: 'fleet',
      fleet_guid: fleetGuid,
      device_count: 2,
    });
    expect(await firstInputName(devices[1]!.device.device_guid)).toBe('From template');
  });

  it('needs edit rights on every device, and refuses what is not a device of the organization', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const guid = device!.device_guid;
    const source = { kind: 'change' as const, shadow_name: 'System' as const, state: { config: {} } };
    const controller = await createUser(t);
    await addDeviceUser(t, guid, controller, 200);
    const editor = await createUser(t);
    await addDeviceUser(t, guid, editor, 300);
    const target = { kind: 'devices' as const, device_guids: [guid] };
    expect((await start({ source, target, ...settings }, controller)).statusCode).toBe(403);
    expect((await start({ source, target, ...settings }, editor)).statusCode).toBe(201);
    const reader = await createMember(t, orgGuid, 100);
    expect((await start({ source, target, ...settings }, reader)).statusCode).toBe(403);

    const other = await createOrgWithOwner(t, { devices: 1 });
    const foreign = await start({
      source,
      target: { kind: 'devices', device_guids: [guid, other.devices[0]!.device_guid] },
      ...settings,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Devices not found in this organization');
  });

  it('answers 400 with the reason for bad settings, an unknown template or an empty fleet', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const target = { kind: 'devices' as const, device_guids: [device!.device_guid] };
    const source = { kind: 'change' as const, shadow_name: 'System' as const, state: { config: {} } };
    const refused = async (body: object) => {
      const response = await start(body as CreateRolloutBody);
      return { status: response.statusCode, message: response.json().message as string };
    };
    expect(await refused({ source, target, ...settings, wave_size: 0 })).toMatchObject({
      status: 400,
      message: expect.stringContaining('Wave size must be at least 1'),
    });
    expect(await refused({ source, target, ...settings, wave_size: 1001 })).toMatchObject({ status: 400 });
    expect(await refused({ source, target, ...settings, offline_policy: 'later' })).toMatchObject({
      status: 400,
      message: expect.stringContaining("offline_policy must be 'skip' or 'queue'"),
    });
    expect(
      await refused({
        source: { kind: 'change', shadow_name: 'Containers', state: {} },
        target,
        ...settings,
      }),
    ).toMatchObject({ status: 400 });
    expect(
      await refused({
        source: { kind: 'template', template_guid: '00000000-0000-4000-8000-000000000000' },
        target,
        ...settings,
      }),
    ).toMatchObject({ status: 404, message: 'Shadow template not found' });
    const emptyFleet = await createFleet(t, owner, orgGuid);
    expect(
      await refused({ source, target: { kind: 'fleet', fleet_guid: emptyFleet }, ...settings }),
    ).toMatchObject({ status: 400, message: 'The fleet has no devices to roll out to' });
  });
});
