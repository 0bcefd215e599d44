import { deviceTopics, type ShadowCommandMessage } from '@ec/contract/device-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceOnline, connectRawDevice } from '../../../test/devices-on-the-broker.ts';
import {
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  eventually,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(async () => {
  for (const close of closing) await close();
  await t.close();
});

const sources = { video: [1], audio: [2], data: [] };
const reportedOutputs = {
  outputs: [
    {
      id: 1,
      type: 'rtsp',
      config: { enable: true, name: 'Local RTSP', sources, stream_name: 'stream', server_port: 554 },
      status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
    },
    {
      id: 2,
      type: 'rtsp',
      config: { enable: false, name: 'Backup RTSP', sources, stream_name: 'backup', server_port: 8554 },
      status: null,
    },
    {
      id: 9,
      type: 'thumbnail',
      config: { enable: true, name: 'Preview', sources, width: 320, interval: 5 },
      status: null,
    },
  ],
};

/** A device of the organization (a plain MQTT client) that has reported `reportedOutputs` at version 3. */
async function deviceWithOutputs() {
  const [device] = await provisionInto(t, orgGuid, 1);
  const deviceGuid = device!.device_guid;
  const topics = deviceTopics(deviceGuid);
  const client = await connectRawDevice(t, device!);
  closing.push(() => client.endAsync());
  const commands: ShadowCommandMessage[] = [];
  client.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(topics.shadowCommand, { qos: 1 });
  await announceOnline(t, client, deviceGuid);
  await client.publishAsync(
    topics.reported('Outputs'),
    JSON.stringify({ state: reportedOutputs, version: 3, timestamp: new Date().toISOString() }),
    { qos: 1 },
  );
  await eventually(async () => {
    const shadows = await t.app.inject({
      url: `/v1/devices/${deviceGuid}/shadows?shadow_names=Outputs`,
      headers: owner.headers(orgGuid),
    });
    return shadows.json().shadows[0]?.reported?.current_version === 3;
  });
  return { deviceGuid, commands };
}

const switchOutputs = (deviceGuid: string, payload: unknown, user = owner, org = orgGuid) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/devices/${deviceGuid}/outputs`,
    headers: user.headers(org),
    payload: payload as object,
  });

describe('output control', () => {
  it('sends an Outputs set that changes only enable, against the reported version', async () => {
    const { deviceGuid, commands } = await deviceWithOutputs();
    const sent = await switchOutputs(deviceGuid, [
      { output_id: 1, enable: false },
      { output_id: 2, enable: true },
    ]);
    expect(sent.statusCode, sent.body).toBe(202);
    const commandGuid = sent.json().command_guid;
    const command = await eventually(async () => commands.find((c) => c.command_guid === commandGuid));
    const withoutStatus = reportedOutputs.outputs.map(({ status: _status, ...output }) => output);
    expect(command).toEqual({
      command_guid: commandGuid,
      command_type: 'set',
      shadow_name: 'Outputs',
      target_version: 3,
      state: {
        outputs: [
          { ...withoutStatus[0], config: { ...withoutStatus[0]!.config, enable: false } },
          { ...withoutStatus[1], config: { ...withoutStatus[1]!.config, enable: true } },
          withoutStatus[2],
        ],
      },
    });
    const followed = await t.app.inject({
      url: `/v1/devices/${deviceGuid}/shadows/commands/${commandGuid}`,
      headers: owner.headers(orgGuid),
    });
    expect(followed.json().command).toMatchObject({ finished: false });
  });

  it.each([
    [[{ output_id: 9, enable: false }], 'The device has no output to switch with id 9'],
    [[{ output_id: 4, enable: true }], 'The device has no output to switch with id 4'],
    [[{ output_id: 1, enable: 'yes' }], 'enable must be true or false'],
    [
      [
        { output_id: 1, enable: true },
        { output_id: 1, enable: false },
      ],
      'Each output may appear once',
    ],
    [[], 'Name at least one output'],
  ])('refuses %j with a message and sends nothing', async (payload, message) => {
    const { deviceGuid, commands } = await deviceWithOutputs();
    const refused = await switchOutputs(deviceGuid, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(message);
    expect(commands).toEqual([]);
  });

  it('answers 409 before the device has reported its outputs', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const refused = await switchOutputs(device!.device_guid, [{ output_id: 1, enable: true }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The device has not reported its outputs yet',
      error_code: 'MISSING_SHADOW_STATE',
    });
  });

  it('needs control rights: a read-only member gets 403, a user may, another organization 404', async () => {
    const { deviceGuid } = await deviceWithOutputs();
    const readOnly = await createMember(t, orgGuid, 100);
    const user = await createMember(t, orgGuid, 200);
    const refused = await switchOutputs(deviceGuid, [{ output_id: 2, enable: true }], readOnly);
    expect(refused.statusCode).toBe(403);
    // A rights code: ACCESS_DENIED would end the session, NOT_ENTITLED names a licence.
    expect(refused.json()).toEqual({
      message: 'This needs control rights on the device.',
      error_code: 'FORBIDDEN',
    });
    expect((await switchOutputs(deviceGuid, [{ output_id: 2, enable: true }], user)).statusCode).toBe(202);

    const other = await createOrgWithOwner(t);
    const foreign = await switchOutputs(
      deviceGuid,
      [{ output_id: 2, enable: true }],
      other.owner,
      other.orgGuid,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
