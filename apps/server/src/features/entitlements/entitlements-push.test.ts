import type { DeviceEntitlements, DeviceLicense } from '@ec/contract/entitlements/merge-entitlements';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  createOrgWithOwner,
  createUser,
  eventually,
  provisionInto,
  sendShadowSet,
  type TestUser,
} from '../../../test/factories.ts';
import { createProfile } from '../../../test/licensing.ts';
import { openLive } from '../../../test/live-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { entitlementProfiles, licenses } from '../../db/tables/entitlements.schema.ts';

let t: TestApp;
let admin: TestUser;
let baseUrl: string;

const ZIXI = 'daemon.output.zixi.limit';
const DAY_MS = 86_400_000;

async function createLicense(body: Record<string, unknown>) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/entitlements/licenses',
    headers: admin.headers(),
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().license_id as string;
}

const deleteLicense = async (licenseId: string) => {
  const answer = await t.app.inject({
    method: 'DELETE',
    url: `/v1/entitlements/licenses/${licenseId}`,
    headers: admin.headers(),
    payload: { reason: 'Test over' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { groups: ['EntitlementManagement'] });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe("a device's effective entitlements fed by its licences (spec 2 §4.10, spec 3 §4.8)", () => {
  it('merges its organization’s unlimited licences, its allocations and its serial number’s, never an expired one', async () => {
    const { owner, orgGuid } = await createOrgWithOwner(t);
    const { orgGuid: otherOrg } = await createOrgWithOwner(t);
    const [device, neighbour] = await provisionInto(t, orgGuid, 2, 'edgecaster');
    const unlimited = await createLicense({
      profile_guid: await createProfile(t, 'edgecaster', { [ZIXI]: 2 }),
      org_guid: orgGuid,
      unlimited: true,
    });
    const perDevice = await createLicense({
      profile_guid: await createProfile(t, 'edgecaster', { 'daemon.output.whip.limit': 1 }),
      org_guid: orgGuid,
      allocation_limit: 1,
      license_name: 'WHIP seat',
    });
    await t.app.inject({
      method: 'POST',
      url: `/v1/entitlements/licenses/${perDevice}/allocations`,
      headers: owner.headers(orgGuid),
      payload: { devices: [device!.device_guid] },
    });
    const serial = await createLicense({
      profile_guid: await createProfile(t, 'edgecaster', { 'daemon.encoders.video.limit': 3, [ZIXI]: 1 }),
      serial_number: device!.serial_number,
    });
    // Expired yesterday: listed, not merged.
    const [expired] = await t.db
      .insert(licenses)
      .values({
        orgGuid,
        profileGuid: await createProfile(t, 'edgecaster', { 'daemon.output.rtsp.limit': 4 }),
        unlimited: true,
        lifespanDays: 1,
        createdAt: new Date(Date.now() - 2 * DAY_MS),
        expires: new Date(Date.now() - DAY_MS),
        // As the expiry job left it.
        expiryAnnouncedAt: new Date(Date.now() - DAY_MS),
      })
      .returning();
    // Another platform's licence and another organization's are not the device's.
    await createLicense({
      profile_guid: await createProfile(t, 'edgecaster_max', { [ZIXI]: 9 }),
      org_guid: orgGuid,
      unlimited: true,
    });
    await createLicense({
      profile_guid: await createProfile(t, 'edgecaster', { [ZIXI]: 8 }),
      org_guid: otherOrg,
      unlimited: true,
    });

    const answer = await t.app.inject({
      url: `/v1/entitlements/devices/${device!.device_guid}`,
      headers: owner.headers(orgGuid),
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as DeviceEntitlements;
    expect(body.properties).toMatchObject({
      [ZIXI]: 2,
      'daemon.output.whip.limit': 1,
      'daemon.encoders.video.limit': 3,
      'daemon.output.rtsp.limit': 1,
    });
    expect(body.licenses.map((license) => [license.license_type, license.expired])).toEqual([
      ['unlimited', true],
      ['unlimited', false],
      ['per_device', false],
      ['base', false],
    ]);

    const listed = await t.app.inject({
      url: `/v1/entitlements/devices/${device!.device_guid}/licenses`,
      headers: owner.headers(orgGuid),
    });
    const byId = new Map(
      (listed.json().licenses as DeviceLicense[]).map((license) => [license.license_id, license]),
    );
    expect([...byId.keys()].sort()).toEqual([unlimited, perDevice, serial, expired!.licenseId].sort());
    expect(byId.get(perDevice)).toMatchObject({
      license_name: 'WHIP seat',
      allocation_limit: 1,
      allocated: 1,
      pending_deallocation: false,
    });
    expect(byId.get(serial)).toMatchObject({ serial_number: device!.serial_number, license_type: 'base' });

    // The neighbour has the organization's licence only.
    const other = await t.devices.effectiveEntitlements(neighbour!.device_guid);
    expect(other.properties).toMatchObject({ [ZIXI]: 2, 'daemon.output.whip.limit': 0 });
  });

  it('starts from the stored base profile of its product', async () => {
    const { orgGuid } = await createOrgWithOwner(t);
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster_max');
    const before = await t.devices.effectiveEntitlements(device!.device_guid);
    expect(before.properties[ZIXI]).toBe(0);
    const [base] = await t.db
      .select()
      .from(entitlementProfiles)
      .where(eq(entitlementProfiles.profileGuid, 'BASE_EDGECASTER_MAX'));
    try {
      await t.db
        .update(entitlementProfiles)
        .set({ properties: { ...base!.properties, [ZIXI]: 1 } })
        .where(eq(entitlementProfiles.profileGuid, 'BASE_EDGECASTER_MAX'));
      expect((await t.devices.effectiveEntitlements(device!.device_guid)).properties[ZIXI]).toBe(1);
    } finally {
      await t.db
        .update(entitlementProfiles)
        .set({ properties: base!.properties })
        .where(eq(entitlementProfiles.profileGuid, 'BASE_EDGECASTER_MAX'));
    }
  });
});

describe('a change reaches the device and the open pages at once', () => {
  const zixiOutput = {
    id: false,
    type: 'zixi',
    config: {
      enable: true,
      name: 'Zixi',
      sources: { video: [1], audio: [2], data: [] },
      destination_ip: 'zixi.example.com',
      destination_port: 2088,
    },
  };

  it('pushes a licence created, then deleted, to the device (MQTT) and the browser (live); the device refuses what it lost', async () => {
    const { owner, orgGuid } = await createOrgWithOwner(t);
    const device = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster' });
    const guid = device.device.device_guid;
    const live = await openLive(baseUrl, {
      access_token: owner.token,
      org_guid: orgGuid,
      subscriptions: [`device:${guid}`],
    });
    try {
      await live.waitFor((event) => event.type === 'ready');
      const zixiSet = () =>
        sendShadowSet(t, owner.headers(orgGuid), guid, {
          shadowName: 'Outputs',
          targetVersion: device.shadow('Outputs').version,
          state: {
            outputs: [...(device.shadow('Outputs').state as { outputs: unknown[] }).outputs, zixiOutput],
          },
        });
      const unlicensed = await zixiSet();
      expect(unlicensed.statusCode).toBe(400);
      expect(unlicensed.json().message).toBe(
        'Unable to add another Zixi output. This device is licensed for 0 instance(s).',
      );

      const licenseId = await createLicense({
        profile_guid: await createProfile(t, 'edgecaster', { [ZIXI]: 1 }),
        serial_number: device.device.serial_number,
      });
      await live.waitFor((event) => event.type === 'device.entitlements' && event.device_guid === guid);
      await eventually(async () => device.entitlements?.properties[ZIXI] === 1);

      // Sent while the device is away, then the licence goes: the device hears of it first and refuses.
      await device.stop();
      await eventually(async () => !(await t.devices.effectiveEntitlements(guid)).online);
      const waiting = await zixiSet();
      expect(waiting.statusCode, waiting.body).toBe(202);
      live.events.length = 0;
      await deleteLicense(licenseId);
      await live.waitFor((event) => event.type === 'device.entitlements' && event.device_guid === guid);
      await device.start();
      const commandUrl = `/v1/devices/${guid}/shadows/commands/${waiting.json().commands[0].command_guid}`;
      const finished = await eventually(async () => {
        const { command } = (await t.app.inject({ url: commandUrl, headers: owner.headers(orgGuid) })).json();
        return command.finished && command;
      }, 10_000);
      expect(finished).toMatchObject({
        command_state: 'failed',
        response: {
          error_code: 'INVALID_CONFIG',
          message: expect.stringContaining(
            'Unable to add another Zixi output. This device is licensed for 0',
          ),
        },
      });
      expect(device.entitlements?.properties[ZIXI]).toBe(0);
    } finally {
      live.close();
      await device.stop();
    }
  });

  it('notices an expiry with the job, once, without anyone opening a page', async () => {
    const { orgGuid } = await createOrgWithOwner(t);
    const device = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster' });
    try {
      const licenseId = await createLicense({
        profile_guid: await createProfile(t, 'edgecaster', { [ZIXI]: 3 }),
        org_guid: orgGuid,
        unlimited: true,
      });
      await eventually(async () => device.entitlements?.properties[ZIXI] === 3);
      await t.db
        .update(licenses)
        .set({ expires: new Date(Date.now() - 1000) })
        .where(eq(licenses.licenseId, licenseId));
      // Two runs at once, as two server processes' jobs: the licence is claimed by one of them.
      const runs = await Promise.all([
        t.app.services.licenses.announceExpired(),
        t.app.services.licenses.announceExpired(),
      ]);
      expect(runs[0]! + runs[1]!).toBe(1);
      await eventually(async () => device.entitlements?.properties[ZIXI] === 0);
      expect(await t.app.services.licenses.announceExpired()).toBe(0);
    } finally {
      await device.stop();
    }
  });

  it('sends a changed profile to every device holding it', async () => {
    const { orgGuid } = await createOrgWithOwner(t);
    const device = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster' });
    try {
      const profileGuid = await createProfile(t, 'edgecaster', { [ZIXI]: 1 });
      await createLicense({ profile_guid: profileGuid, org_guid: orgGuid, unlimited: true });
      await eventually(async () => device.entitlements?.properties[ZIXI] === 1);
      await t.db
        .update(entitlementProfiles)
        .set({ properties: { [ZIXI]: 4 } })
        .where(eq(entitlementProfiles.profileGuid, profileGuid));
      t.bus.emit({ type: 'entitlement_profile.changed', profileGuid });
      await eventually(async () => device.entitlements?.properties[ZIXI] === 4);
    } finally {
      await device.stop();
    }
  });

  /**
   * A simulated Edgecaster moved into a new organization that holds an unlimited Zixi licence, once
   * the device has been told it: `run` then changes what it holds.
   */
  async function deviceOfLicensedOrg(
    run: (input: {
      guid: string;
      owner: TestUser;
      orgGuid: string;
      device: Awaited<ReturnType<typeof startSimulatedDevice>>;
    }) => Promise<void>,
  ) {
    const { owner, orgGuid } = await createOrgWithOwner(t);
    await createLicense({
      profile_guid: await createProfile(t, 'edgecaster', { [ZIXI]: 2 }),
      org_guid: orgGuid,
      unlimited: true,
    });
    const device = await startSimulatedDevice(t, { product: 'edgecaster' });
    try {
      const guid = device.device.device_guid;
      const actor = { userGuid: owner.userGuid, email: owner.email };
      const { orgGuid: first } = await t.devices.effectiveEntitlements(guid);
      await t.devices.forget({ deviceGuid: guid, orgGuid: first!, actor, reason: 'moving' });
      await t.devices.adopt({ deviceGuid: guid, orgGuid, actor });
      await eventually(async () => device.entitlements?.properties[ZIXI] === 2);
      await run({ guid, owner, orgGuid, device });
    } finally {
      await device.stop();
    }
  }

  it('gives an adopted device its organization’s licences, and takes them back when it is forgotten', () =>
    deviceOfLicensedOrg(async ({ guid, owner, orgGuid, device }) => {
      const actor = { userGuid: owner.userGuid, email: owner.email };
      await t.devices.forget({ deviceGuid: guid, orgGuid, actor, reason: 'sold' });
      await eventually(async () => device.entitlements?.properties[ZIXI] === 0);
    }));

  it('takes an organization’s licences from its devices when the organization is deleted', () =>
    deviceOfLicensedOrg(async ({ guid, owner, orgGuid, device }) => {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/v1/orgs/${orgGuid}`,
        headers: owner.headers(orgGuid),
        payload: { reason: 'The studio closed' },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // Told at once, without reconnecting.
      await eventually(async () => device.entitlements?.properties[ZIXI] === 0);
      expect((await t.devices.effectiveEntitlements(guid)).orgGuid).toBeNull();
    }));
});
