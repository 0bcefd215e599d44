import { DEVICE_COMMAND_TIMEOUT_MS } from '@ec/contract/device-commands';
import { deviceTopics } from '@ec/contract/device-link';
import type { DeviceProduct } from '@ec/contract/products';
import { initialRuntime } from '@ec/simulator/device-runtime';
import { deviceState } from '@ec/simulator/device-state';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRawDevice, startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  createMember,
  createTestAppWithOrg,
  eventually,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { deviceCommands } from '../../db/tables/device-commands.schema.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
const simulators: SimulatedDevice[] = [];

beforeAll(async () => {
  // A device admin (platform DeviceManagement) passes every feature gate, so each command runs.
  ({ t, owner, orgGuid } = await createTestAppWithOrg({ ownerGroups: ['DeviceManagement'] }));
});
afterAll(async () => {
  for (const simulator of simulators) await simulator.stop();
  await t.close();
});

async function onlineDevice(product: DeviceProduct) {
  const simulator = await startSimulatedDevice(t, { orgGuid, product, commandStepMs: 5, rebootDelayMs: 100 });
  simulators.push(simulator);
  const guid = simulator.device.device_guid;
  await eventually(async () => (await state(guid))?.online);
  return guid;
}

const get = (url: string) => t.app.inject({ url, headers: owner.headers(orgGuid) }).then((r) => r.json());
const state = async (guid: string) => (await get(`/v1/devices/${guid}/state`)).state;
const send = (guid: string, payload: object, path = 'commands') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/devices/${guid}/${path}`,
    headers: owner.headers(orgGuid),
    payload,
  });

/**
 * Sends a command and follows it as the console does, until it is finished. `untilOnline` sends it again
 * while the device is refused as offline (an agent that answered, then restarts, is away a moment).
 */
async function run(guid: string, payload: object, path?: string, untilOnline = false) {
  const sent = untilOnline
    ? await eventually(async () => {
        const attempt = await send(guid, payload, path);
        return attempt.statusCode !== 409 && attempt;
      }, 10_000)
    : await send(guid, payload, path);
  expect(sent.statusCode, sent.body).toBe(202);
  expect(sent.json()).toEqual({ command_guid: expect.any(String), api_request_id: expect.any(String) });
  return eventually(async () => {
    const { command } = await get(`/v1/devices/${guid}/commands/${sent.json().command_guid}`);
    return command.finished && command;
  }, 10_000);
}

describe('device commands on a simulated Edgecaster', () => {
  let guid: string;
  beforeAll(async () => {
    guid = await onlineDevice('edgecaster');
  });

  it('turns ADB over IP on and off', async () => {
    const on = await run(guid, { command: 'enable_adb', data: true });
    expect(on).toMatchObject({
      command: 'enable_adb',
      finished: true,
      response: { result: { state: 'COMPLETE', message: 'ADB over IP enabled on port 5555' } },
      finished_timestamp: expect.any(String),
    });
    await eventually(async () => (await state(guid)).adb_port === 5555);
    await run(guid, { command: 'enable_adb', data: false });
    await eventually(async () => (await state(guid)).adb_port === null);
  });

  it('sets the local UI password, refuses a wrong current one, and never stores either', async () => {
    const set = await run(guid, { command: 'set_ui_password', data: { new_ui_password: 'first-secret' } });
    expect(set.response.result.state).toBe('COMPLETE');
    await eventually(async () => (await state(guid)).ui_password_set);
    const wrong = await run(guid, {
      command: 'set_ui_password',
      data: { current_ui_password: 'not-it', new_ui_password: 'second-secret' },
    });
    expect(wrong.response.result).toEqual({
      state: 'REJECTED',
      message: 'The current password is not correct',
    });

    const rows = JSON.stringify([
      await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceGuid, guid)),
      await t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceGuid, guid)),
    ]);
    expect(rows).not.toContain('first-secret');
    expect(rows).not.toContain('second-secret');
    expect(rows).toContain('********');
  });

  it('removes a USB drive safely and formats an SD card, and refuses internal storage', async () => {
    const storage = (await state(guid)).storage_devices as { uuid: string; type: string }[];
    const usb = storage.find((s) => s.type === 'USB')!;
    const sd = storage.find((s) => s.type === 'SD Card')!;
    const internal = storage.find((s) => s.type === 'MMC')!;

    const removed = await run(guid, {
      command: 'safely_remove_storage',
      data: { storage_device_id: usb.uuid },
    });
    expect(removed.response.result.state).toBe('COMPLETE');
    await eventually(async () =>
      (await state(guid)).storage_devices.every((s: { uuid: string }) => s.uuid !== usb.uuid),
    );
    const formatted = await run(guid, { command: 'format_storage', data: { storage_device_id: sd.uuid } });
    expect(formatted.response.result.state).toBe('COMPLETE');
    await eventually(
      async () =>
        (await state(guid)).storage_devices.find((s: { uuid: string }) => s.uuid === sd.uuid)?.size.used ===
        0,
    );
    const refused = await run(guid, {
      command: 'format_storage',
      data: { storage_device_id: internal.uuid },
    });
    expect(refused.response.result.state).toBe('REJECTED');
  });

  it('resets the settings: every shadow starts again from its factory document', async () => {
    const reset = await run(guid, { command: 'reset_settings' });
    expect(reset.response.result).toEqual({
      state: 'COMPLETE',
      message: 'Settings reset to factory defaults',
    });
    const { shadows } = await get(`/v1/devices/${guid}/shadows?shadow_names=System`);
    expect(shadows[0].reported.current_version).toBe(1);
  });

  it('reboots: goes offline and comes back with a new last_boot', async () => {
    const before = (await state(guid)).last_boot;
    const reboot = await run(guid, { command: 'reboot_device' });
    expect(reboot.response.result.message).toBe('The device is rebooting...');
    await eventually(async () => {
      const now = await state(guid);
      return now.online && now.last_boot > before;
    }, 10_000);
  });

  it('restarts the cloud agent and updates it', async () => {
    expect((await run(guid, { command: 'restart_cloud' })).response.result.state).toBe('COMPLETE');
    // The agent answers before it restarts: the update waits until it is back.
    const update = await run(guid, { update: true }, 'updates/cloud', true);
    expect(update.command).toBe('update_cloud');
    await eventually(async () => (await state(guid)).cloud_version === 'V1.26.0', 10_000);
  });

  it('checks for, downloads and applies a firmware update, then reboots on it', async () => {
    await run(guid, { command: 'check_for_update' });
    await eventually(
      async () => (await state(guid)).update_state[0]?.status === 'update available for download',
    );
    const download = await run(guid, { command: 'download_update' });
    expect(download.response.result).toEqual({ state: 'COMPLETE', message: 'Update v10.6.0 downloaded' });
    expect((await state(guid)).update_state).toEqual([{ module: 'daemon', status: 'awaiting reboot' }]);
    await run(guid, { command: 'apply_update' });
    await eventually(async () => (await state(guid)).firmware_version === 'v10.6.0', 10_000);
  });

  it('updates the container with the spec’s defaults and starts an input preview', async () => {
    const container = await run(guid, {
      command: 'update_nimbraedge_container',
      data: { username: 'ops', password: 'registry-secret' },
    });
    expect(container.response.result.message).toBe('Container videon-gui updated to R3.12.0');
    const preview = await run(guid, { command: 'send_input_preview' });
    expect(preview.response.result.state).toBe('COMPLETE');
  });
});

describe('device commands on a simulated Edgecaster Max', () => {
  it('reports the system update as downloaded, ready to apply', async () => {
    const guid = await onlineDevice('edgecaster_max');
    expect((await run(guid, { command: 'apply_update' })).response.result).toEqual({
      state: 'REJECTED',
      message: 'No update has been downloaded',
    });
    await run(guid, { command: 'download_update' });
    expect((await state(guid)).update_state).toEqual([{ module: 'system', status: 'update downloaded' }]);
  });
});

describe('rest_direct commands: the device calls its own local API', () => {
  let guid: string;
  beforeAll(async () => {
    guid = await onlineDevice('edgecaster');
  });

  it('GETs the system from the local API v2 and answers its status and body', async () => {
    const command = await run(guid, { command: 'rest_direct_get', rest_endpoint: ':2020/v2/system' });
    expect(command).toMatchObject({
      command: 'rest_direct_get',
      finished: true,
      response: {
        result: { state: 'COMPLETE', message: 'HTTP 200 from port 2020' },
        status_code: 200,
        body: { system: { mac_address: expect.any(String), ip_scheme: 'dhcp' } },
      },
    });
    const [row] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.commandGuid, command.command_guid));
    expect(row?.data).toEqual({ rest_endpoint: ':2020/v2/system' });
  });

  it('answers the local API’s refusal as it came, and stores the body it posted without secrets', async () => {
    const command = await run(guid, {
      command: 'rest_direct_post',
      rest_endpoint: ':2020/v2/system',
      data: { local_ui: { password: 'local-secret' } },
    });
    expect(command.response).toEqual({
      result: { state: 'COMPLETE', message: 'HTTP 405 from port 2020' },
      status_code: 405,
      body: { message: 'POST is not allowed on /v2/system' },
    });
    const [row] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.commandGuid, command.command_guid));
    expect(row?.data).toEqual({
      rest_endpoint: ':2020/v2/system',
      body: { local_ui: { password: '********' } },
    });
  });

  it('fails with a clear message when nothing listens on the port', async () => {
    const command = await run(guid, { command: 'rest_direct_delete', rest_endpoint: ':1323/v1/stop' });
    expect(command.response).toEqual({
      result: { state: 'FAILED', message: 'Nothing is listening on port 1323 of the device' },
      status_code: null,
      body: null,
    });
  });

  it('refuses a bad endpoint with a message, and a Read Only member with 403', async () => {
    for (const [payload, message] of [
      [{ command: 'rest_direct_get' }, 'rest_endpoint: rest_endpoint is required, such as ":2020/v2/system"'],
      [
        { command: 'rest_direct_get', rest_endpoint: '/v2/system' },
        'rest_endpoint: Must be a port and a path on the device, such as ":2020/v2/system"',
      ],
      [
        { command: 'rest_direct_post', rest_endpoint: ':99999/v1/start' },
        'rest_endpoint: The port must be between 1 and 65535',
      ],
    ] as const) {
      const response = await send(guid, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message, error_code: 'VALIDATION_ERROR' });
    }
    const readOnly = await createMember(t, orgGuid, 100);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${guid}/commands`,
      headers: readOnly.headers(orgGuid),
      payload: { command: 'rest_direct_get', rest_endpoint: ':2020/v2/system' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This needs control rights on the device.',
      error_code: 'FORBIDDEN',
    });
  });

  it('keeps the answer of the other commands as it was', async () => {
    const command = await run(guid, { command: 'restart_cloud' });
    expect(Object.keys(command.response)).toEqual(['result']);
    await eventually(async () => (await state(guid)).online);
  });
});

describe('who may send which command (spec 2 §5-6)', () => {
  it('needs control to reboot, edit to format, and a licence for ADB unless a device admin', async () => {
    const guid = await onlineDevice('edgecaster');
    const readOnly = await createMember(t, orgGuid, 100);
    const user = await createMember(t, orgGuid, 200);
    const orgAdmin = await createMember(t, orgGuid, 300);
    const sendAs = (person: TestUser, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/devices/${guid}/commands`,
        headers: person.headers(orgGuid),
        payload,
      });
    const usb = (await state(guid)).storage_devices.find((s: { type: string }) => s.type === 'USB');

    const refused = await sendAs(readOnly, { command: 'reboot_device' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This needs control rights on the device.');
    expect(
      (await sendAs(user, { command: 'format_storage', data: { storage_device_id: usb.uuid } })).json(),
    ).toMatchObject({
      message: 'This needs edit rights on the device.',
    });
    const adb = await sendAs(orgAdmin, { command: 'enable_adb', data: true });
    expect(adb.statusCode).toBe(403);
    expect(adb.json()).toEqual({
      message: 'This device is not licensed for ADB over IP.',
      error_code: 'NOT_ENTITLED',
    });
    expect((await sendAs(user, { command: 'restart_cloud' })).statusCode).toBe(202);
  });

  it('holds a command back from a cloud agent too old for it', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const guid = device!.device_guid;
    const topics = deviceTopics(guid);
    const old = await connectRawDevice(t, device!, { online: true });
    await old.publishAsync(
      topics.state,
      JSON.stringify({
        ...deviceState(device!, { ip: '192.168.0.9', externalIp: '198.51.100.9' }, initialRuntime(device!)),
        cloud_version: 'V1.7.2',
      }),
      { qos: 1 },
    );
    await eventually(async () => (await state(guid))?.cloud_version === 'V1.7.2');
    const response = await send(guid, { command: 'set_ui_password', data: { new_ui_password: 'secret' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This feature is not supported on V1.7.2, please update your cloud agent.',
      error_code: 'CLOUD_AGENT_TOO_OLD',
    });
    await old.endAsync();
  });
});

describe('the API document', () => {
  it('describes the command operations from their contract declaration', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    const send = document.paths['/v1/devices/{device_guid}/commands'].post;
    expect(send.tags).toEqual(['device commands']);
    expect(send.requestBody.content['application/json'].schema).toBeTruthy();
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['202', '403', '409', '503']));
    expect(document.paths['/v1/devices/{device_guid}/commands/{command_guid}'].get.parameters).toHaveLength(
      2,
    );
  });
});

describe('device commands that cannot run', () => {
  it('refuses bad input with a message, and an unknown command guid with 404', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const guid = device!.device_guid;
    for (const payload of [
      { command: 'self_destruct' },
      { command: 'enable_adb', data: 'yes' },
      { command: 'format_storage', data: {} },
      { command: 'reboot_device', data: { force: true } },
    ]) {
      const response = await send(guid, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const missing = await t.app.inject({
      url: `/v1/devices/${guid}/commands/00000000-0000-4000-8000-000000000000`,
      headers: owner.headers(orgGuid),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 409 DEVICE_OFFLINE for a device that is not connected, and stores nothing', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const response = await send(device!.device_guid, { command: 'reboot_device' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error_code: 'DEVICE_OFFLINE' });
    expect(
      await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceGuid, device!.device_guid)),
    ).toEqual([]);
  });

  it('fails a command the device never finishes once the polling window has passed', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const guid = device!.device_guid;
    const silent = await connectRawDevice(t, device!, { online: true });
    const sent = await send(guid, { command: 'reboot_device' });
    expect(sent.statusCode).toBe(202);
    expect(await t.deviceCommands.failOverdueDeviceCommands()).toBe(0);
    expect(
      await t.deviceCommands.failOverdueDeviceCommands(
        new Date(Date.now() + DEVICE_COMMAND_TIMEOUT_MS + 1000),
      ),
    ).toBe(1);
    const { command } = await get(`/v1/devices/${guid}/commands/${sent.json().command_guid}`);
    expect(command).toMatchObject({
      finished: true,
      response: { result: { state: 'FAILED', message: 'The device did not answer in time.' } },
    });
    await silent.endAsync();
  });
});
