import {
  deviceTopics,
  type ShadowCommandMessage,
  shadowCommandMessageSchema,
} from '@ec/contract/device-link';
import { XML_ACTIVE_MESSAGE } from '@ec/contract/shadow-documents/system';
import { SECRET_MASK } from '@ec/contract/shadow-secrets';
import { SHADOW_COMMAND_TIMEOUT_MS, type ShadowName } from '@ec/contract/shadows';
import { systemState } from '@ec/simulator/initial-shadows';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceOnline,
  connectRawDevice,
  startSimulatedDevice,
} from '../../../test/devices-on-the-broker.ts';
import {
  createMember,
  createTestAppWithOrg,
  eventually,
  provisionInto,
  sendShadowGet,
  sendShadowSet,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';
import { shadowCommands } from '../../db/tables/shadows.schema.ts';
import { shadowsRepository } from '../../device-core/shadows/shadows.repository.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let simulated: SimulatedDevice;
let guid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  simulated = await startSimulatedDevice(t, { orgGuid });
  guid = simulated.device.device_guid;
});
afterAll(async () => {
  await simulated.stop();
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: owner.headers(orgGuid) }).then((r) => r.json());
const systemShadow = async () => (await get(`/v1/devices/${guid}/shadows?shadow_names=System`)).shadows[0];

/** Sends a System set that renames the device, at its reported version unless `targetVersion` is given. */
async function sendRename(deviceName: string, targetVersion?: number) {
  const before = await systemShadow();
  const sent = await sendShadowSet(t, owner.headers(orgGuid), guid, {
    shadowName: 'System',
    targetVersion: targetVersion ?? before.reported.current_version,
    state: { config: { ...before.reported.state.config, device_name: deviceName } },
  });
  return { before, sent };
}

async function finishedCommand(commandGuid: string) {
  return eventually(async () => {
    const { command } = await get(`/v1/devices/${guid}/shadows/commands/${commandGuid}`);
    return command.finished && command;
  });
}

describe('a simulated device on the link', () => {
  it('comes online with its state and six reported shadows', async () => {
    const device = await eventually(async () => {
      const { device } = await get(`/v1/devices/${guid}`);
      return device.online && device.firmware_version && device;
    });
    expect(device).toMatchObject({
      device_ip: expect.stringMatching(/^192\.168\./),
      firmware_version: 'v10.5.2',
      cloud_version: 'V1.25.0',
    });
    const { shadows } = await eventually(async () => {
      const answer = await get(`/v1/devices/${guid}/shadows`);
      return answer.shadows.length === 6 && answer;
    });
    expect(shadows.map((s: { shadow_name: string }) => s.shadow_name).sort()).toEqual([
      'Alerts',
      'Containers',
      'Encoders',
      'Inputs',
      'Outputs',
      'System',
    ]);
    // The list keeps the System shadow's device_name once that document is stored.
    expect((await get(`/v1/devices/${guid}`)).device.device_name).toBe(`Edgecaster ${device.serial_number}`);
    expect((await get(`/v1/devices/${guid}/state`)).state).toMatchObject({
      online: true,
      serial_number: device.serial_number,
    });
    const events = await t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceGuid, guid));
    expect(events).toContainEqual(
      expect.objectContaining({
        orgGuid,
        eventType: 'state',
        eventData: { message: 'Device online', to_state: 'online' },
      }),
    );
  });

  it('receives its effective entitlements from the cloud on connecting', async () => {
    const entitlements = await eventually(async () => simulated.entitlements);
    const served = (await get(`/v1/entitlements/devices/${guid}`)).properties;
    expect(entitlements.properties).toEqual(served);
  });

  it('lists when the state and each shadow last changed, and a set moves its shadow forward', async () => {
    const documents = async () =>
      new Map(
        (await get(`/v1/devices/${guid}/documents`)).documents.map(
          (d: { document: string; last_modified: string | null }) => [d.document, d.last_modified],
        ),
      );
    const before = await documents();
    expect([...before.keys()]).toEqual([
      'state',
      'Inputs',
      'Encoders',
      'Outputs',
      'System',
      'Alerts',
      'Containers',
    ]);
    expect([...before.values()].every((time) => typeof time === 'string')).toBe(true);
    const { shadows } = await get(`/v1/devices/${guid}/shadows?shadow_names=Inputs`);
    const sent = await sendShadowSet(t, owner.headers(orgGuid), guid, {
      shadowName: 'Inputs',
      targetVersion: shadows[0].reported.current_version,
      state: shadows[0].reported.state,
    });
    await finishedCommand(sent.json().commands[0].command_guid);
    const after = await documents();
    expect(after.get('Inputs')! > before.get('Inputs')!).toBe(true);
    expect(after.get('Outputs')).toBe(before.get('Outputs'));
  });

  it('renames the device through a set command: the version goes up and the name follows', async () => {
    const { before, sent } = await sendRename('Camera 3 — Stage Left');
    expect(sent.statusCode).toBe(202);
    const command = await finishedCommand(sent.json().commands[0].command_guid);
    expect(command).toMatchObject({
      command_state: 'succeeded',
      response: { current_version: before.reported.current_version + 1 },
    });

    const after = await systemShadow();
    expect(after.reported.current_version).toBe(before.reported.current_version + 1);
    expect(after.reported.state.config.device_name).toBe('Camera 3 — Stage Left');
    expect(after.requested.state.config.device_name).toBe('Camera 3 — Stage Left');
    expect((await get(`/v1/devices/${guid}`)).device.device_name).toBe('Camera 3 — Stage Left');
  });

  it("reports 'Config mismatch!' for a stale version and leaves the document alone", async () => {
    const { before, sent } = await sendRename('Stale', 0);
    const command = await finishedCommand(sent.json().commands[0].command_guid);
    expect(command).toMatchObject({ command_state: 'failed', response: { message: 'Config mismatch!' } });
    expect((await systemShadow()).reported.current_version).toBe(before.reported.current_version);
  });

  // biome-ignore lint/suspicious/noExplicitAny: documents as the API returns them
  type Doc = any;
  const reportedStates = async () =>
    new Map<ShadowName, Doc>(
      (await get(`/v1/devices/${guid}/shadows`)).shadows.map((s: Doc) => [s.shadow_name, s.reported.state]),
    );
  const setShadow = (shadowName: ShadowName, state: unknown, targetVersion: number) =>
    sendShadowSet(t, owner.headers(orgGuid), guid, { shadowName, targetVersion, state });
  const commandCount = async () =>
    (await t.db.select().from(shadowCommands).where(eq(shadowCommands.deviceGuid, guid))).length;

  const INVALID: [ShadowName, (state: Doc) => unknown, string][] = [
    [
      'Inputs',
      (state) => ({ inputs: [{ ...state.inputs[0], hw_channel: 1 }] }),
      'Hardware channel 1 does not exist on this device.',
    ],
    [
      'Encoders',
      (state) => ({
        encoders: state.encoders.map((e: Doc) =>
          e.type === 'video' ? { ...e, config: { ...e.config, bitrate: 60000 } } : e,
        ),
      }),
      'Value must be <= 50000',
    ],
    [
      'Outputs',
      (state) => ({
        outputs: state.outputs.map((o: Doc) =>
          o.type === 'srt'
            ? { ...o, config: { ...o.config, enable: true, sources: { video: [], audio: [], data: [] } } }
            : o,
        ),
      }),
      'Encoder selection is required',
    ],
    ['System', (state) => ({ config: { ...state.config, device_name: '' } }), 'Device name is required'],
    [
      'Alerts',
      (state) => ({
        alerts: [
          ...state.alerts,
          { type: 'metric', name: 'x', label: 'X', config: { threshold_value: 'hot' } },
        ],
      }),
      'Value must be a number',
    ],
    [
      'Containers',
      (state) => ({ containers: [{ id: state.containers[0].id, config: 'x' }] }),
      'Invalid JSON',
    ],
  ];
  it.each(INVALID)(
    'refuses an invalid %s set with the spec’s text, storing and sending nothing',
    async (name, change, message) => {
      const states = await reportedStates();
      const before = await commandCount();
      const requestedBefore = (await get(`/v1/devices/${guid}/shadows?shadow_names=${name}`)).shadows[0]
        .requested;
      const version = simulated.shadow(name).version;
      const response = await setShadow(name, change(states.get(name)), version);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, error_code: 'INVALID_SHADOW_DOCUMENT' });
      expect(await commandCount()).toBe(before);
      expect((await get(`/v1/devices/${guid}/shadows?shadow_names=${name}`)).shadows[0].requested).toEqual(
        requestedBefore,
      );
      expect(simulated.shadow(name).version).toBe(version);
    },
  );

  it.each(['Encoders', 'Outputs', 'Alerts'] as const)(
    'still sends a valid %s set, which the device applies',
    async (name) => {
      const sent = (await reportedStates()).get(name);
      const version = simulated.shadow(name).version;
      const response = await setShadow(name, sent, version);
      expect(response.statusCode).toBe(202);
      const command = await finishedCommand(response.json().commands[0].command_guid);
      expect(command).toMatchObject({
        command_state: 'succeeded',
        response: { current_version: version + 1 },
      });
    },
  );

  it('force-syncs a shadow with a get command', async () => {
    const sent = await sendShadowGet(t, owner.headers(orgGuid), guid, 'Outputs');
    const command = await finishedCommand(sent.json().commands[0].command_guid);
    expect(command.command_state).toBe('succeeded');
  });

  it('validates commands: unknown shadow names, missing state and duplicates are refused', async () => {
    const attempts = [
      { command_type: 'set', commands: [{ shadow_name: 'Nope', target_version: 1, state: {} }] },
      { command_type: 'set', commands: [{ shadow_name: 'System', target_version: 1 }] },
      { command_type: 'get', commands: [{ shadow_name: 'System' }, { shadow_name: 'System' }] },
      { command_type: 'get', commands: [] },
    ];
    for (const payload of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v1/devices/${guid}/shadows/commands`,
        headers: owner.headers(orgGuid),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('masks secrets for a member who may not edit the device, and in clear for its editors', async () => {
    const before = await eventually(async () => {
      const shadow = await systemShadow();
      return shadow?.reported && shadow;
    });
    const config = before.reported.state.config;
    const sent = await sendShadowSet(t, owner.headers(orgGuid), guid, {
      shadowName: 'System',
      targetVersion: before.reported.current_version,
      state: { config: { ...config, xml: { ...config.xml, username: 'feed', password: 'hunter2' } } },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const commandGuid = sent.json().commands[0].command_guid;
    await finishedCommand(commandGuid);
    const reader = await createMember(t, orgGuid, 100);
    const readAs = async (user: TestUser) => {
      const headers = user.headers(orgGuid);
      const shadows = await t.app.inject({ url: `/v1/devices/${guid}/shadows?shadow_names=System`, headers });
      const command = await t.app.inject({
        url: `/v1/devices/${guid}/shadows/commands/${commandGuid}`,
        headers,
      });
      return {
        reported: shadows.json().shadows[0].reported.state.config.xml,
        requested: command.json().command.requested.state.config.xml,
      };
    };

    expect(await readAs(reader)).toEqual({
      reported: expect.objectContaining({ username: 'feed', password: SECRET_MASK }),
      requested: expect.objectContaining({ username: 'feed', password: SECRET_MASK }),
    });
    expect(await readAs(owner)).toEqual({
      reported: expect.objectContaining({ password: 'hunter2' }),
      requested: expect.objectContaining({ password: 'hunter2' }),
    });
  });

  it('goes offline when the connection drops, and the streaming status says so', async () => {
    simulated.kill();
    const device = await eventually(async () => {
      const { device } = await get(`/v1/devices/${guid}`);
      return !device.online && device;
    });
    expect(device.streaming_status).toBe(4);
  });
});

describe('a device that is offline', () => {
  it('keeps a set pending, past the answer window, and applies it when the device reconnects', async () => {
    // The device of the tests above was killed: it is offline now.
    const { sent } = await sendRename('Renamed while away');
    expect(sent.statusCode).toBe(202);
    const commandUrl = `/v1/devices/${guid}/shadows/commands/${sent.json().commands[0].command_guid}`;
    expect(await t.shadows.failOverdueCommands(new Date(Date.now() + SHADOW_COMMAND_TIMEOUT_MS * 10))).toBe(
      0,
    );
    expect((await get(commandUrl)).command).toMatchObject({ command_state: 'pending', finished: false });

    // The same encoder comes back, with the documents it had.
    await simulated.start();
    const command = await finishedCommand(sent.json().commands[0].command_guid);
    expect(command).toMatchObject({ command_state: 'succeeded' });
    expect((await systemShadow()).reported.state.config.device_name).toBe('Renamed while away');
  });
});

describe('a latency mode the product does not run (spec 3 §9)', () => {
  it('is refused with 400 at the API, before anything is stored or sent; a mode it runs goes through', async () => {
    const max = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster_max' });
    try {
      const maxGuid = max.device.device_guid;
      const encoders = await eventually(async () => {
        const { shadows } = await get(`/v1/devices/${maxGuid}/shadows?shadow_names=Encoders`);
        return shadows[0]?.reported && shadows[0].reported;
      });
      const withLatency = (latency_mode: string) => ({
        encoders: encoders.state.encoders.map((e: { type: string; config: object }) =>
          e.type === 'video' ? { ...e, config: { ...e.config, latency_mode } } : e,
        ),
      });
      const commands = async () =>
        (await t.db.select().from(shadowCommands).where(eq(shadowCommands.deviceGuid, maxGuid))).length;
      const before = await commands();
      const set = (latency: string) =>
        sendShadowSet(t, owner.headers(orgGuid), maxGuid, {
          shadowName: 'Encoders',
          targetVersion: encoders.current_version,
          state: withLatency(latency),
        });

      for (const latency of ['HIGH', 'LOW']) {
        const refused = await set(latency);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          message: 'Latency Mode must be one of NORMAL, LOWEST on edgecaster_max',
          error_code: 'INVALID_SHADOW_DOCUMENT',
        });
      }
      expect(await commands()).toBe(before);
      expect(max.shadow('Encoders').version).toBe(encoders.current_version);

      const accepted = await set('LOWEST');
      expect(accepted.statusCode).toBe(202);
      const command = await eventually(async () => {
        const url = `/v1/devices/${maxGuid}/shadows/commands/${accepted.json().commands[0].command_guid}`;
        const { command } = await get(url);
        return command.finished && command;
      });
      expect(command.command_state).toBe('succeeded');
    } finally {
      await max.stop();
    }
  });
});

describe('sets the contract refuses (spec 3 §5)', () => {
  interface Reported {
    encoders: object[];
    outputs: object[];
    alerts: object[];
    config: object;
  }
  const rtmp = {
    id: false,
    type: 'rtmp',
    config: {
      enable: true,
      name: 'Ingest',
      sources: { video: [1], audio: [2], data: [] },
      service_name: 'generic',
      service_data: JSON.stringify({ url: 'not a url' }),
    },
  };
  const cases: [string, ShadowName, (state: Reported) => unknown, string][] = [
    [
      'an encoder of an unknown type',
      'Encoders',
      (state) => ({ encoders: [...state.encoders, { id: false, type: 'foo', config: { name: 'Foo' } }] }),
      'Encoder type must be one of video, audio, data, sync_group',
    ],
    [
      'a time zone that does not exist',
      'System',
      (state) => ({ config: { ...state.config, timezone: 'Mars/Olympus' } }),
      'Timezone must be an IANA time zone such as America/New_York',
    ],
    [
      "a change of a device alert's category",
      'Alerts',
      (state) => ({
        alerts: state.alerts.map((alert, i) => (i === 0 ? { ...alert, category: 'org' } : alert)),
      }),
      "An alert's category cannot be changed: fleet and org alerts are managed elsewhere.",
    ],
    [
      'an enabled generic RTMP output whose URL is not one',
      'Outputs',
      (state) => ({ outputs: [...state.outputs, rtmp] }),
      'URL must be valid',
    ],
  ];
  it.each(cases)(
    'refuses %s with 400 and its message, storing nothing',
    async (_name, shadowName, change, message) => {
      const { shadows } = await get(`/v1/devices/${guid}/shadows?shadow_names=${shadowName}`);
      const { state, current_version } = shadows[0].reported;
      const refused = await sendShadowSet(t, owner.headers(orgGuid), guid, {
        shadowName,
        targetVersion: current_version,
        state: change(state),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message, error_code: 'INVALID_SHADOW_DOCUMENT' });
      expect(simulated.shadow(shadowName).version).toBe(current_version);
    },
  );
});

describe('an active XML configuration (spec 3 §2.1, §6)', () => {
  it('locks Outputs and System settings with the spec’s message (400, nothing sent); turning XML off goes', async () => {
    const device = await startSimulatedDevice(t, { orgGuid });
    try {
      const deviceGuid = device.device.device_guid;
      const reported = (name: ShadowName) =>
        eventually(async () => {
          const { shadows } = await get(`/v1/devices/${deviceGuid}/shadows?shadow_names=${name}`);
          return shadows[0]?.reported;
        });
      const system = await reported('System');
      const xml = { ...system.state.config.xml, enabled: true, url: 'http://config.example/encoder.xml' };
      const setSystem = (version: number, changes: object) =>
        sendShadowSet(t, owner.headers(orgGuid), deviceGuid, {
          shadowName: 'System',
          targetVersion: version,
          state: { config: { ...system.state.config, xml, ...changes } },
        });
      const applied = (sent: Awaited<ReturnType<typeof setSystem>>) =>
        eventually(async () => {
          const url = `/v1/devices/${deviceGuid}/shadows/commands/${sent.json().commands[0].command_guid}`;
          const { command } = await get(url);
          return command.finished && command.command_state === 'succeeded';
        });
      const on = await setSystem(system.current_version, {});
      expect(on.statusCode).toBe(202);
      await applied(on);
      const version = system.current_version + 1;
      await eventually(async () => (await reported('System')).current_version === version);

      const outputs = await reported('Outputs');
      const refusals = [
        await sendShadowSet(t, owner.headers(orgGuid), deviceGuid, {
          shadowName: 'Outputs',
          targetVersion: outputs.current_version,
          state: { outputs: [] },
        }),
        await setSystem(version, { device_name: 'Elsewhere' }),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          message: XML_ACTIVE_MESSAGE,
          error_code: 'INVALID_SHADOW_DOCUMENT',
        });
      }
      const off = await setSystem(version, { device_name: 'Elsewhere', xml: { ...xml, enabled: false } });
      expect(off.statusCode).toBe(202);
      // Answered before the device stops: no command is left for the timeout job's test below.
      await applied(off);
    } finally {
      await device.stop();
    }
  });
});

describe('a command the device received and never answered', () => {
  it('is failed with DEVICE_TIMEOUT by the timeout job, and a late answer replaces the failure', async () => {
    const [silent] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const topics = deviceTopics(silent!.device_guid);
    const device = await connectRawDevice(t, silent!);
    const received: string[] = [];
    device.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString()).command_guid));
    await device.subscribeAsync(topics.shadowCommand, { qos: 1 });
    await announceOnline(t, device, silent!.device_guid);

    const url = `/v1/devices/${silent!.device_guid}/shadows/commands`;
    const sent = await sendShadowGet(t, owner.headers(orgGuid), silent!.device_guid, 'System');
    const commandGuid = sent.json().commands[0].command_guid;
    await eventually(async () => received.includes(commandGuid));
    expect(await t.shadows.failOverdueCommands()).toBe(0);

    expect(await t.shadows.failOverdueCommands(new Date(Date.now() + SHADOW_COMMAND_TIMEOUT_MS + 1000))).toBe(
      1,
    );
    expect((await get(`${url}/${commandGuid}`)).command).toMatchObject({
      command_state: 'failed',
      finished: true,
      response: { error_code: 'DEVICE_TIMEOUT', message: 'The device did not answer in time.' },
    });

    await device.publishAsync(
      topics.shadowResult,
      JSON.stringify({
        command_guid: commandGuid,
        shadow_name: 'System',
        result: 'succeeded',
        message: null,
        error_code: null,
        state: null,
        current_version: null,
      }),
      { qos: 1 },
    );
    const late = await eventually(async () => {
      const { command } = await get(`${url}/${commandGuid}`);
      return command.command_state === 'succeeded' && command;
    });
    expect(late.response.error_code).toBeNull();
    await device.endAsync();
  });
});

/**
 * A device on a plain client whose answers to sets are lost (no server heard them): it keeps its
 * System document, applies a set or not as told, answers nothing to a set and answers gets with the
 * document it holds.
 */
async function deviceLosingAnswers(options: { applies: boolean; answersGets?: boolean }) {
  const [provisioned] = await provisionInto(t, orgGuid, 1, 'edgecaster');
  const deviceGuid = provisioned!.device_guid;
  const topics = deviceTopics(deviceGuid);
  const client = await connectRawDevice(t, provisioned!);
  const document = { state: systemState(provisioned!, '192.168.1.9') as Record<string, unknown>, version: 1 };
  const received: ShadowCommandMessage[] = [];
  client.on('message', (_topic, payload) => {
    const command = shadowCommandMessageSchema.parse(JSON.parse(payload.toString()));
    received.push(command);
    if (command.command_type === 'set') {
      if (options.applies)
        Object.assign(document, {
          state: { ...document.state, ...command.state },
          version: document.version + 1,
        });
      return;
    }
    if (options.answersGets === false) return;
    void client.publishAsync(
      topics.shadowResult,
      JSON.stringify({
        command_guid: command.command_guid,
        shadow_name: 'System',
        result: 'succeeded',
        message: null,
        error_code: null,
        state: document.state,
        current_version: document.version,
      }),
      { qos: 1 },
    );
  });
  await client.subscribeAsync(topics.shadowCommand, { qos: 1 });
  await announceOnline(t, client, deviceGuid);
  const report = () =>
    client.publishAsync(
      topics.reported('System'),
      JSON.stringify({
        state: document.state,
        version: document.version,
        timestamp: new Date().toISOString(),
      }),
      { qos: 1 },
    );
  await report();
  const shadowUrl = `/v1/devices/${deviceGuid}/shadows?shadow_names=System`;
  const reportedVersion = async () => (await get(shadowUrl)).shadows[0]?.reported?.current_version;
  await eventually(async () => (await reportedVersion()) === 1);

  /** Sends a rename at version 1 and waits until the device has it; answers the command's URL. */
  const sendRename = async (deviceName: string) => {
    const sent = await sendShadowSet(t, owner.headers(orgGuid), deviceGuid, {
      shadowName: 'System',
      targetVersion: 1,
      state: { config: { ...(document.state.config as object), device_name: deviceName } },
    });
    expect(sent.statusCode).toBe(202);
    const commandGuid = sent.json().commands[0].command_guid as string;
    await eventually(async () => received.some((command) => command.command_guid === commandGuid));
    return `/v1/devices/${deviceGuid}/shadows/commands/${commandGuid}`;
  };
  return { deviceGuid, client, document, received, report, reportedVersion, sendRename };
}

const afterTheAnswerWindow = () => new Date(Date.now() + SHADOW_COMMAND_TIMEOUT_MS + 1000);

describe('a set the device applied whose answer was lost (decision 170)', () => {
  it('waits for its own answer while pending, whatever the device reports meanwhile', async () => {
    const device = await deviceLosingAnswers({ applies: true, answersGets: false });
    const commandUrl = await device.sendRename('Answered After Its Report');
    await device.report();
    await eventually(async () => (await device.reportedVersion()) === 2);
    expect((await get(commandUrl)).command).toMatchObject({ command_state: 'pending', finished: false });
    await device.client.publishAsync(
      deviceTopics(device.deviceGuid).shadowResult,
      JSON.stringify({
        command_guid: commandUrl.split('/').at(-1),
        shadow_name: 'System',
        result: 'succeeded',
        message: 'Applied by the device.',
        error_code: null,
        state: device.document.state,
        current_version: 2,
      }),
      { qos: 1 },
    );
    const command = await eventually(async () => {
      const { command } = await get(commandUrl);
      return command.finished && command;
    });
    expect(command.response).toMatchObject({ message: 'Applied by the device.', current_version: 2 });
    await device.client.endAsync();
  });

  it('succeeds on the report of the document it applied once the server gave up on it', async () => {
    // The embedded stack's way: its broker died with the server, and the device announces its
    // documents when it reconnects to the restarted one.
    const device = await deviceLosingAnswers({ applies: true, answersGets: false });
    const commandUrl = await device.sendRename('Applied Unheard');
    expect(await t.shadows.failOverdueCommands(afterTheAnswerWindow())).toBe(1);
    expect((await get(commandUrl)).command).toMatchObject({
      command_state: 'failed',
      response: { error_code: 'DEVICE_TIMEOUT' },
    });
    await device.report();
    const command = await eventually(async () => {
      const { command } = await get(commandUrl);
      return command.command_state === 'succeeded' && command;
    });
    expect(command.response).toMatchObject({ error_code: null, current_version: 2 });
    await device.client.endAsync();
  });

  it('is failed by the timeout job, which asks the device, and succeeds on its answer', async () => {
    const device = await deviceLosingAnswers({ applies: true });
    const commandUrl = await device.sendRename('Asked Again');
    expect(await t.shadows.failOverdueCommands(afterTheAnswerWindow())).toBe(1);
    const command = await eventually(async () => {
      const { command } = await get(commandUrl);
      return command.command_state === 'succeeded' && command;
    });
    expect(command.response).toMatchObject({ error_code: null, current_version: 2 });
    expect(device.received.map((message) => message.command_type)).toEqual(['set', 'get']);
    await device.client.endAsync();
  });

  it('stays failed when the device’s document does not hold what the set sent', async () => {
    const device = await deviceLosingAnswers({ applies: false });
    const commandUrl = await device.sendRename('Never Applied');
    // Something else moved the device on meanwhile: a version past the set's, without its change.
    device.document.version = 2;
    expect(await t.shadows.failOverdueCommands(afterTheAnswerWindow())).toBe(1);
    await eventually(async () => (await device.reportedVersion()) === 2);
    expect((await get(commandUrl)).command).toMatchObject({
      command_state: 'failed',
      response: { error_code: 'DEVICE_TIMEOUT' },
    });
    await device.client.endAsync();
  });

  it('succeeds by the timeout job when the stored document already shows it applied', async () => {
    const device = await deviceLosingAnswers({ applies: true });
    const commandUrl = await device.sendRename('Stored Before The Kill');
    // The report was stored, then the process died before it heard the answer.
    await shadowsRepository(t.db).saveReportedMany([
      {
        deviceGuid: device.deviceGuid,
        shadowName: 'System',
        state: device.document.state,
        version: device.document.version,
        derived: {},
        authoritative: true,
      },
    ]);
    expect(await t.shadows.failOverdueCommands(afterTheAnswerWindow())).toBe(0);
    expect((await get(commandUrl)).command).toMatchObject({
      command_state: 'succeeded',
      response: { current_version: 2 },
    });
    await device.client.endAsync();
  });
});
