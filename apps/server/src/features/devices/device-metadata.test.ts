import { NOTE_TOO_LONG_MESSAGE } from '@ec/contract/device-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeviceUser,
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

const url = (deviceGuid: string) => `/v1/devices/${deviceGuid}/metadata`;
const read = (deviceGuid: string, user = owner, org = orgGuid) =>
  t.app.inject({ url: url(deviceGuid), headers: user.headers(org) });
const save = (deviceGuid: string, payload: unknown, user = owner, org = orgGuid) =>
  t.app.inject({
    method: 'POST',
    url: url(deviceGuid),
    headers: user.headers(org),
    payload: payload as object,
  });
const newDevice = async () => (await provisionInto(t, orgGuid, 1))[0]!.device_guid;

describe("a device's metadata", () => {
  it('saves the keys named, keeps the others, clears empty ones, and records who changed what', async () => {
    const guid = await newDevice();
    expect((await read(guid)).json()).toEqual({ metadata: [] });

    const first = await save(guid, [
      { key: 'location', value: '  Studio 4  ' },
      { key: 'deployment_status', value: 'testing' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      metadata: [
        { key: 'location', value: 'Studio 4' },
        { key: 'deployment_status', value: 'testing' },
      ],
    });

    await save(guid, [
      { key: 'note', value: 'Spare for the weekend' },
      { key: 'location', value: '' },
    ]);
    const now = (await read(guid)).json();
    expect(now).toEqual({
      metadata: [
        { key: 'note', value: 'Spare for the weekend' },
        { key: 'deployment_status', value: 'testing' },
      ],
    });
    const device = (
      await t.app.inject({ url: `/v1/devices/${guid}`, headers: owner.headers(orgGuid) })
    ).json();
    expect(device.device.metadata).toEqual(now.metadata);

    const events = (
      await t.app.inject({ url: `/v1/devices/${guid}/events`, headers: owner.headers(orgGuid) })
    )
      .json()
      .events.filter((event: { event_type: string }) => event.event_type === 'agent');
    expect(events.map((event: { event_data: { message: string } }) => event.event_data.message)).toEqual([
      `Location, Note changed by ${owner.email}`,
      `Location, Deployment Status changed by ${owner.email}`,
    ]);
    expect(events[0].event_data.metadata_changes).toEqual([
      { key: 'location', from: 'Studio 4', to: null },
      { key: 'note', from: null, to: 'Spare for the weekend' },
    ]);

    // Saving the same values again changes nothing and records nothing.
    await save(guid, [{ key: 'note', value: 'Spare for the weekend' }]);
    const after = (await t.app.inject({ url: `/v1/devices/${guid}/events`, headers: owner.headers(orgGuid) }))
      .json()
      .events.filter((event: { event_type: string }) => event.event_type === 'agent');
    expect(after).toHaveLength(2);
  });

  it.each([
    [[{ key: 'note', value: 'x'.repeat(201) }], NOTE_TOO_LONG_MESSAGE],
    [[{ key: 'location', value: 'x'.repeat(201) }], 'Location must be 200 characters or less'],
    [
      [{ key: 'colour', value: 'blue' }],
      'The key must be one of device_alias, location, note, deployment_status',
    ],
    [[{ key: 'deployment_status', value: 'retired' }], 'The deployment status must be one of'],
    [
      [
        { key: 'note', value: 'a' },
        { key: 'note', value: 'b' },
      ],
      'Each key may appear once',
    ],
    [[], 'Name at least one key'],
    [{ key: 'note', value: 'a' }, 'The body must be a list of {key, value}'],
  ])('refuses %j with a message and saves nothing', async (payload, message) => {
    const guid = await newDevice();
    await save(guid, [{ key: 'note', value: 'Kept' }]);
    const refused = await save(guid, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(message);
    expect((await read(guid)).json().metadata).toEqual([{ key: 'note', value: 'Kept' }]);
  });

  it('lets readers read, only editors change, and answers other organizations 404', async () => {
    const guid = await newDevice();
    const viewer = await createMember(t, orgGuid, 100);
    const user = await createMember(t, orgGuid, 200);
    const admin = await createMember(t, orgGuid, 300);
    const deviceAdmin = await createDeviceUser(t, guid, 300);
    const change = [{ key: 'device_alias', value: 'Cam A' }];

    expect((await read(guid, viewer)).statusCode).toBe(200);
    for (const reader of [viewer, user]) {
      const refused = await save(guid, change, reader);
      expect(refused.statusCode).toBe(403);
    }
    expect((await save(guid, change, admin)).statusCode).toBe(200);
    expect((await save(guid, [{ key: 'device_alias', value: 'Cam B' }], deviceAdmin)).statusCode).toBe(200);
    expect((await read(guid)).json().metadata).toEqual([{ key: 'device_alias', value: 'Cam B' }]);

    const other = await createOrgWithOwner(t);
    for (const answer of [
      await read(guid, other.owner, other.orgGuid),
      await save(guid, change, other.owner, other.orgGuid),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error_code).toBe('DEVICE_NOT_FOUND');
    }
  });
});
