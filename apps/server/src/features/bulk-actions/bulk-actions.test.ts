import { deviceTopics, type ShadowCommandMessage } from '@ec/contract/device-link';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceOnline,
  connectRawDevice,
  startSimulatedDevice,
} from '../../../test/devices-on-the-broker.ts';
import {
  createTestAppWithOrg,
  createUser,
  eventually,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { deviceCommands } from '../../db/tables/device-commands.schema.ts';

let t: TestApp;
/** The organization's admin (300): not a device admin, so held to the bulk_actions feature. */
let owner: TestUser;
/** Platform DeviceManagement: a device admin, who bypasses the feature gates (spec 2 §5). */
let deviceAdmin: TestUser;
let orgGuid: string;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  deviceAdmin = await createUser(t, { groups: ['DeviceManagement'] });
});
afterAll(async () => {
  for (const close of closing) await close();
  await t.close();
});

async function onlineSimulator() {
  const simulator: SimulatedDevice = await startSimulatedDevice(t, {
    orgGuid,
    commandStepMs: 5,
    rebootDelayMs: 100,
  });
  closing.push(() => simulator.stop());
  const guid = simulator.device.device_guid;
  await eventually(async () => (await state(guid))?.online);
  return guid;
}

const state = async (guid: string) =>
  (await t.app.inject({ url: `/v1/devices/${guid}/state`, headers: owner.headers(orgGuid) })).json().state;

const bulk = (payload: object, user: TestUser | null = owner) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/devices/bulk_actions',
    headers: user ? user.headers(orgGuid) : {},
    payload,
  });

describe('POST /devices/bulk_actions', () => {
  it('refuses each device that is not licensed for Bulk Actions to a caller who is not a device admin', async () => {
    const guid = await onlineSimulator();
    const answer = await bulk({ action: 'reboot_device', device_guids: [guid] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      results: [
        {
          device_guid: guid,
          status: 403,
          command_guid: null,
          output_count: null,
          error_code: 'NOT_ENTITLED',
          message: 'This device is not licensed for Bulk Actions.',
        },
      ],
    });
    const sent = await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceGuid, guid));
    expect(sent).toEqual([]);
    expect((await state(guid)).online).toBe(true);
  });

  it("sends a device admin's reboot to each device, answering each as its own call would", async () => {
    const online = await onlineSimulator();
    const [offline] = await provisionInto(t, orgGuid, 1);
    const unknown = '99999999-9999-4999-8999-999999999999';
    const answer = await bulk(
      { action: 'reboot_device', device_guids: [online, offline!.device_guid, unknown] },
      deviceAdmin,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [rebooted, away, missing] = answer.json().results;
    expect(rebooted).toMatchObject({ device_guid: online, status: 202, error_code: null });
    expect(away).toMatchObject({ status: 409, error_code: 'DEVICE_OFFLINE', command_guid: null });
    expect(missing).toMatchObject({ status: 404, error_code: 'DEVICE_NOT_FOUND' });
    const finished = await eventually(async () => {
      const { command } = (
        await t.app.inject({
          url: `/v1/devices/${online}/commands/${rebooted.command_guid}`,
          headers: deviceAdmin.headers(orgGuid),
        })
      ).json();
      return command.finished && command;
    }, 10_000);
    expect(finished).toMatchObject({ command: 'reboot_device', response: { result: { state: 'COMPLETE' } } });
  });

  it('switches every output but thumbnails for Output Control', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const deviceGuid = device!.device_guid;
    const topics = deviceTopics(deviceGuid);
    const client = await connectRawDevice(t, device!);
    closing.push(() => client.endAsync());
    const commands: ShadowCommandMessage[] = [];
    client.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
    await client.subscribeAsync(topics.shadowCommand, { qos: 1 });
    await announceOnline(t, client, deviceGuid);
    const config = { enable: true, sources: { video: [1], audio: [], data: [] } };
    const outputs = [
      { id: 1, type: 'rtsp', config: { ...config, name: 'A', stream_name: 'a', server_port: 554 } },
      { id: 2, type: 'rtsp', config: { ...config, name: 'B', stream_name: 'b', server_port: 8554 } },
      { id: 9, type: 'thumbnail', config: { ...config, name: 'Preview', width: 320, interval: 5 } },
    ];
    await client.publishAsync(
      topics.reported('Outputs'),
      JSON.stringify({ state: { outputs }, version: 3, timestamp: new Date().toISOString() }),
      { qos: 1 },
    );
    await eventually(async () => {
      const shadows = await t.app.inject({
        url: `/v1/devices/${deviceGuid}/shadows?shadow_names=Outputs`,
        headers: owner.headers(orgGuid),
      });
      return shadows.json().shadows[0]?.reported?.current_version === 3;
    });

    const answer = await bulk(
      { action: 'output_control', device_guids: [deviceGuid], enable: false },
      deviceAdmin,
    );
    const [result] = answer.json().results;
    expect(result).toMatchObject({ status: 202, output_count: 2, error_code: null });
    const command = await eventually(async () =>
      commands.find((c) => c.command_guid === result.command_guid),
    );
    expect(command).toMatchObject({ command_type: 'set', shadow_name: 'Outputs', target_version: 3 });
    const sent = command?.command_type === 'set' ? (command.state.outputs as typeof outputs) : [];
    expect(sent.map((output) => output.config.enable)).toEqual([false, false, true]);
  });

  it.each([
    [{ action: 'reboot_device', device_guids: [] }, 'Name at least one device'],
    [{ action: 'format_storage', device_guids: [crypto.randomUUID()] }, 'action must be one of'],
    [{ action: 'output_control', device_guids: [crypto.randomUUID()] }, 'Output Control needs enable'],
  ])('answers 400 for %j', async (payload, message) => {
    const answer = await bulk(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    const run = document.paths['/v1/devices/bulk_actions'].post;
    expect(run.requestBody.content['application/json'].schema.properties.device_guids).toBeTruthy();
    expect(Object.keys(run.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });

  it('answers 401 as a whole without a session', async () => {
    const answer = await bulk({ action: 'reboot_device', device_guids: [crypto.randomUUID()] }, null);
    expect(answer.statusCode).toBe(401);
  });
});
