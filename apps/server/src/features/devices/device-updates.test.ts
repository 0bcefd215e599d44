import { DEVICE_UPDATING_MESSAGE, LATEST_RELEASES } from '@ec/contract/device-updates';
import type { Device } from '@ec/contract/devices';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import {
  createTestAppWithOrg,
  eventually,
  provisionInto,
  sendShadowSet,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
const simulators: SimulatedDevice[] = [];

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(async () => {
  for (const simulator of simulators) await simulator.stop();
  await t.close();
});

const getDevice = async (guid: string): Promise<Device> =>
  (await t.app.inject({ url: `/v1/devices/${guid}`, headers: owner.headers(orgGuid) })).json().device;

describe('updates_available (spec 2 §3 updatesAvailable)', () => {
  it('names no update before the device has said what it runs', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    expect((await getDevice(device!.device_guid)).updates_available).toEqual({ cloud: null, device: null });
  });

  it("offers the product's latest firmware and the latest cloud agent to older software, in the list too", async () => {
    const simulator = await startSimulatedDevice(t, {
      orgGuid,
      product: 'edgecaster_max',
      versions: { firmware: 'v11.0.0', cloud: 'V1.20.0' },
    });
    simulators.push(simulator);
    const guid = simulator.device.device_guid;
    const device = await eventually(async () => {
      const answer = await getDevice(guid);
      return answer.firmware_version ? answer : null;
    });
    expect(device.updates_available).toEqual({
      cloud: LATEST_RELEASES.cloud,
      device: LATEST_RELEASES.firmware.edgecaster_max,
    });
    const list = await t.app.inject({ url: '/v1/devices', headers: owner.headers(orgGuid) });
    const listed = (list.json().devices as Device[]).find((entry) => entry.device_guid === guid);
    expect(listed?.updates_available).toEqual(device.updates_available);
  });

  it('offers nothing to a device on the latest releases', async () => {
    const simulator = await startSimulatedDevice(t, {
      orgGuid,
      product: 'edgecaster',
      versions: { firmware: LATEST_RELEASES.firmware.edgecaster, cloud: LATEST_RELEASES.cloud },
    });
    simulators.push(simulator);
    const guid = simulator.device.device_guid;
    const device = await eventually(async () => {
      const answer = await getDevice(guid);
      return answer.firmware_version ? answer : null;
    });
    expect(device.updates_available).toEqual({ cloud: null, device: null });
  });
});

describe("cloud_version's dev and manual_update_required flags (spec 2 §3)", () => {
  it('are false before the device has said what it runs', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    expect(await getDevice(device!.device_guid)).toMatchObject({ dev: false, manual_update_required: false });
  });

  it('flag a development build, and an agent too old to update itself, in the device and the list', async () => {
    const started = await Promise.all(
      ['V1.26.0-dev', 'v1.4.0'].map((cloud) =>
        startSimulatedDevice(t, { orgGuid, product: 'edgecaster', versions: { cloud } }),
      ),
    );
    simulators.push(...started);
    const [dev, old] = await Promise.all(
      started.map((simulator) =>
        eventually(async () => {
          const answer = await getDevice(simulator.device.device_guid);
          return answer.cloud_version ? answer : null;
        }),
      ),
    );
    expect(dev).toMatchObject({ cloud_version: 'V1.26.0-dev', dev: true, manual_update_required: false });
    expect(old).toMatchObject({ cloud_version: 'v1.4.0', dev: false, manual_update_required: true });
    const list = await t.app.inject({ url: '/v1/devices', headers: owner.headers(orgGuid) });
    const listed = (list.json().devices as Device[]).find((entry) => entry.device_guid === old!.device_guid);
    expect(listed).toMatchObject({ dev: false, manual_update_required: true });
  });
});

describe('a device updating (spec 3 §6: no pending update)', () => {
  it('names its update command in flight in every browser and refuses configuration changes meanwhile', async () => {
    // A download of five slow steps: long enough to look at it.
    const simulator = await startSimulatedDevice(t, { orgGuid, product: 'edgecaster', commandStepMs: 2000 });
    simulators.push(simulator);
    const guid = simulator.device.device_guid;
    await eventually(
      async () => simulator.shadow('System').version > 0 && (await getDevice(guid)).cloud_version,
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${guid}/commands`,
      headers: owner.headers(orgGuid),
      payload: { command: 'download_update' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect((await getDevice(guid)).commands_in_flight).toEqual(['download_update']);

    const config = simulator.shadow('System').state.config as Record<string, unknown>;
    const refused = await sendShadowSet(t, owner.headers(orgGuid), guid, {
      shadowName: 'System',
      targetVersion: simulator.shadow('System').version,
      state: { config: { ...config, device_name: 'During the update' } },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: DEVICE_UPDATING_MESSAGE, error_code: 'DEVICE_UPDATING' });
  });
});
