import { deviceTopics, type ShadowCommandMessage } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { SECRET_MASK } from '@ec/contract/shadow-secrets';
import { systemState } from '@ec/simulator/initial-shadows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceOnline,
  connectRawDevice,
  startSimulatedDevice,
} from '../../../test/devices-on-the-broker.ts';
import {
  adoptBySerial,
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  eventually,
  provisionInto,
  sendShadowGet,
  sendShadowSet,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { shadowVersions } from '../../db/tables/shadow-history.schema.ts';
import { shadows } from '../../db/tables/shadows.schema.ts';
import { pruneShadowHistory } from './shadow-history-retention.ts';

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

interface Summary {
  version: number;
  reported_at: string;
  caused_by: { user_guid: string; email: string } | null;
  command_guid: string | null;
}

const versionsUrl = (deviceGuid: string, shadowName = 'System') =>
  `/v1/devices/${deviceGuid}/shadows/${shadowName}/versions`;
const call = (url: string, user = owner, org = orgGuid) => t.app.inject({ url, headers: user.headers(org) });
const versionsOf = async (deviceGuid: string, user = owner, org = orgGuid): Promise<Summary[]> =>
  (await call(versionsUrl(deviceGuid), user, org)).json().versions;
const versionOf = async (deviceGuid: string, version: number) =>
  (await call(`${versionsUrl(deviceGuid)}/${version}`)).json();
/** Waits until the history's newest System version is `version`. */
const newestIs = (deviceGuid: string, version: number) =>
  eventually(async () => (await versionsOf(deviceGuid))[0]?.version === version);

/**
 * A device of the organization on the broker as a plain MQTT client that reports System documents
 * and answers commands when the test says so, in the order the test chooses.
 */
async function rawDevice(device?: ProvisionedDevice) {
  const provisioned = device ?? (await provisionInto(t, orgGuid, 1))[0]!;
  const deviceGuid = provisioned.device_guid;
  const topics = deviceTopics(deviceGuid);
  const client = await connectRawDevice(t, provisioned);
  closing.push(() => client.endAsync());
  const commands: ShadowCommandMessage[] = [];
  client.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(topics.shadowCommand, { qos: 1 });
  await announceOnline(t, client, deviceGuid);
  const base = systemState(provisioned, '192.168.1.10');
  const document = (deviceName: string, config: Record<string, unknown> = {}) => ({
    ...base,
    config: { ...base.config, device_name: deviceName, ...config },
  });
  return {
    device: provisioned,
    deviceGuid,
    document,
    report: (version: number, deviceName: string, config?: Record<string, unknown>) =>
      client.publishAsync(
        topics.reported('System'),
        JSON.stringify({ state: document(deviceName, config), version, timestamp: new Date().toISOString() }),
        { qos: 1 },
      ),
    answer: (commandGuid: string, version: number, deviceName: string, result = 'succeeded') =>
      client.publishAsync(
        topics.shadowResult,
        JSON.stringify({
          command_guid: commandGuid,
          shadow_name: 'System',
          result,
          message: result === 'succeeded' ? null : 'Config mismatch!',
          error_code: result === 'succeeded' ? null : 'VERSION_MISMATCH',
          state: document(deviceName),
          current_version: version,
        }),
        { qos: 1 },
      ),
    /** Sends a rename through the API as the owner and waits until the device has the command. */
    async sendRename(targetVersion: number, deviceName: string) {
      const sent = await sendShadowSet(t, owner.headers(orgGuid), deviceGuid, {
        shadowName: 'System',
        targetVersion,
        state: { config: document(deviceName).config },
      });
      expect(sent.statusCode, sent.body).toBe(202);
      const commandGuid: string = sent.json().commands[0].command_guid;
      await eventually(async () => commands.some((command) => command.command_guid === commandGuid));
      return commandGuid;
    },
  };
}

describe('the version history of a shadow', () => {
  it("keeps the device's own versions and the user's set on a simulated device, newest first", async () => {
    const simulated = await startSimulatedDevice(t, { orgGuid });
    closing.push(() => simulated.stop());
    const deviceGuid = simulated.device.device_guid;
    await newestIs(deviceGuid, 1);
    const [first] = await versionsOf(deviceGuid);
    expect(first).toEqual({
      version: 1,
      reported_at: expect.any(String),
      caused_by: null,
      command_guid: null,
    });

    const config = simulated.shadow('System').state.config as Record<string, unknown>;
    const sent = await sendShadowSet(t, owner.headers(orgGuid), deviceGuid, {
      shadowName: 'System',
      targetVersion: 1,
      state: { config: { ...config, device_name: 'Renamed on stage' } },
    });
    const commandGuid = sent.json().commands[0].command_guid;
    const second = await eventually(async () => {
      const [newest] = await versionsOf(deviceGuid);
      return newest?.version === 2 && newest.caused_by && newest;
    });
    expect(second).toMatchObject({
      caused_by: { user_guid: owner.userGuid, email: owner.email },
      command_guid: commandGuid,
    });
    expect((await versionsOf(deviceGuid)).map((v) => v.version)).toEqual([2, 1]);
    const detail = await versionOf(deviceGuid, 2);
    expect(detail).toMatchObject({ version: 2, command_guid: commandGuid, caused_by: second.caused_by });
    expect(detail.state.config.device_name).toBe('Renamed on stage');
    expect((await versionOf(deviceGuid, 1)).state.config.device_name).toBe(config.device_name);
  });

  it('names the user whether the set’s answer arrives before or after the report, or after a newer version', async () => {
    const device = await rawDevice();
    await device.report(1, 'One');
    await newestIs(device.deviceGuid, 1);
    const byOwner = { user_guid: owner.userGuid, email: owner.email };

    // The answer first, then the device's report of the same version.
    const answeredFirst = await device.sendRename(1, 'Two');
    await device.answer(answeredFirst, 2, 'Two');
    await device.report(2, 'Two');
    await newestIs(device.deviceGuid, 2);

    // The report first (stored as the device's), then the answer that names the command: its document,
    // an earlier look at the same version, does not replace the device's report.
    const reportedFirst = await device.sendRename(2, 'Three');
    await device.report(3, 'Three');
    await newestIs(device.deviceGuid, 3);
    await device.answer(reportedFirst, 3, 'Three, as first applied');

    // The device changes the document again before the answer to the set comes in.
    const overtaken = await device.sendRename(3, 'Four');
    await device.report(4, 'Four');
    await device.report(5, 'Five on the device');
    await newestIs(device.deviceGuid, 5);
    await device.answer(overtaken, 4, 'Four');

    // Neither a failed set nor a get makes its user the cause of the version it answers with.
    const refused = await device.sendRename(4, 'Refused');
    await device.answer(refused, 5, 'Five on the device', 'failed');
    const get = await sendShadowGet(t, owner.headers(orgGuid), device.deviceGuid, 'System');
    await device.answer(get.json().commands[0].command_guid, 5, 'Five on the device');

    const expected = [
      { version: 5, caused_by: null, command_guid: null },
      { version: 4, caused_by: byOwner, command_guid: overtaken },
      { version: 3, caused_by: byOwner, command_guid: reportedFirst },
      { version: 2, caused_by: byOwner, command_guid: answeredFirst },
      { version: 1, caused_by: null, command_guid: null },
    ];
    const pick = (versions: Summary[]) =>
      versions.map(({ version, caused_by, command_guid }) => ({ version, caused_by, command_guid }));
    await eventually(async () => {
      const commands = await Promise.all(
        [refused, get.json().commands[0].command_guid].map(
          async (guid) =>
            (await call(`/v1/devices/${device.deviceGuid}/shadows/commands/${guid}`)).json().command.finished,
        ),
      );
      return commands.every(Boolean) && pick(await versionsOf(device.deviceGuid)).length === 5;
    });
    expect(pick(await versionsOf(device.deviceGuid))).toEqual(expected);
    expect((await versionOf(device.deviceGuid, 4)).state.config.device_name).toBe('Four');
    expect((await versionOf(device.deviceGuid, 3)).state.config.device_name).toBe('Three');
  });

  it('pages newest first, answers one version with its document, and starts again after a restart', async () => {
    const device = await rawDevice();
    for (let version = 1; version <= 7; version++) await device.report(version, `Name ${version}`);
    await newestIs(device.deviceGuid, 7);

    const pages: number[][] = [];
    let token: string | null = null;
    do {
      const query: string = `?pagination_size=3${token ? `&pagination_token=${token}` : ''}`;
      const answer: { versions: Summary[]; pagination_token: string | null } = (
        await call(`${versionsUrl(device.deviceGuid)}${query}`)
      ).json();
      pages.push(answer.versions.map((v) => v.version));
      token = answer.pagination_token;
    } while (token);
    expect(pages).toEqual([[7, 6, 5], [4, 3, 2], [1]]);
    const five = await versionOf(device.deviceGuid, 5);
    expect(five).toEqual({
      version: 5,
      reported_at: expect.any(String),
      caused_by: null,
      command_guid: null,
      state: device.document('Name 5'),
    });
    expect(Object.keys((await versionsOf(device.deviceGuid))[0]!)).not.toContain('state');

    // A factory reset: the device reports version 2 again; the versions above it were its earlier life.
    await device.report(2, 'After reset');
    await eventually(async () => (await versionsOf(device.deviceGuid)).length === 2);
    expect((await versionsOf(device.deviceGuid)).map((v) => v.version)).toEqual([2, 1]);
    expect((await versionOf(device.deviceGuid, 2)).state.config.device_name).toBe('After reset');
  });

  it('refuses an unknown shadow name, version or page token with a message, and a missing version with 404', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const guid = device!.device_guid;
    const unknownShadow = await call(versionsUrl(guid, 'Firmware'));
    expect(unknownShadow.statusCode).toBe(400);
    expect(unknownShadow.json().message).toContain('Unknown shadow name; expected one of Inputs, Encoders');
    expect((await call(`${versionsUrl(guid, 'Firmware')}/1`)).statusCode).toBe(400);
    const badVersion = await call(`${versionsUrl(guid)}/first`);
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().message).toContain('The version must be a whole number');
    expect((await call(`${versionsUrl(guid)}/99999999999`)).statusCode).toBe(400);
    expect((await call(`${versionsUrl(guid)}?pagination_token=abc`)).json().error_code).toBe(
      'INVALID_PAGINATION_TOKEN',
    );
    const missing = await call(`${versionsUrl(guid)}/3`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'No such version of this shadow is kept',
      error_code: 'VERSION_NOT_FOUND',
    });
    expect((await call(versionsUrl(guid))).json()).toEqual({ versions: [], pagination_token: null });
  });
});

describe('who reads the history', () => {
  it('is anyone who may see the device: a read-only member reads it, secrets masked; another organization gets 404', async () => {
    const device = await rawDevice();
    const xml = { enabled: false, url: '', poll_interval: 60, username: 'feed', password: 'hunter2' };
    await device.report(1, 'Seen', { xml });
    await newestIs(device.deviceGuid, 1);

    const viewer = await createMember(t, orgGuid, 100);
    expect((await versionsOf(device.deviceGuid, viewer)).map((v) => v.version)).toEqual([1]);
    const read = await call(`${versionsUrl(device.deviceGuid)}/1`, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json().state.config.xml).toEqual({ ...xml, password: SECRET_MASK });
    expect((await versionOf(device.deviceGuid, 1)).state.config.xml).toEqual(xml);

    const other = await createOrgWithOwner(t);
    for (const url of [versionsUrl(device.deviceGuid), `${versionsUrl(device.deviceGuid)}/1`]) {
      const answer = await call(url, other.owner, other.orgGuid);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error_code).toBe('DEVICE_NOT_FOUND');
    }
  });

  it('shows a device adopted by another organization none of the versions of its earlier one', async () => {
    const device = await rawDevice();
    await device.report(1, 'Ours');
    await device.report(2, 'Still ours');
    await newestIs(device.deviceGuid, 2);

    await t.devices.forget({
      deviceGuid: device.deviceGuid,
      orgGuid,
      actor: { userGuid: owner.userGuid, email: owner.email },
      reason: 'sold',
    });
    const other = await createOrgWithOwner(t);
    const adopted = await adoptBySerial(t, other.owner.headers(other.orgGuid), device.device.serial_number);
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(await versionsOf(device.deviceGuid, other.owner, other.orgGuid)).toEqual([]);

    await device.report(3, 'Theirs');
    await eventually(
      async () => (await versionsOf(device.deviceGuid, other.owner, other.orgGuid))[0]?.version === 3,
    );
    expect((await versionsOf(device.deviceGuid, other.owner, other.orgGuid)).map((v) => v.version)).toEqual([
      3,
    ]);
  });
});

describe('retention', () => {
  it('prunes versions older than the retention and beyond the cap, and keeps the version each shadow is at', async () => {
    const [device] = await provisionInto(t, orgGuid, 1);
    const deviceGuid = device!.device_guid;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
    const row = (shadowName: string, version: number, reportedAt: Date) => ({
      deviceGuid,
      shadowName,
      version,
      orgGuid,
      state: { version },
      reportedAt,
    });
    await t.db.insert(shadows).values([
      { deviceGuid, shadowName: 'System', reportedVersion: 6, reportedState: {}, reportedAt: now },
      { deviceGuid, shadowName: 'Alerts', reportedVersion: 1, reportedState: {}, reportedAt: daysAgo(200) },
    ]);
    await t.db
      .insert(shadowVersions)
      .values([
        row('System', 1, daysAgo(120)),
        row('System', 2, daysAgo(100)),
        row('System', 3, daysAgo(80)),
        row('System', 4, daysAgo(10)),
        row('System', 5, daysAgo(1)),
        row('System', 6, now),
        row('Alerts', 1, daysAgo(200)),
      ]);

    // The job prunes every device: the other tests' devices lose their versions beyond the cap too.
    expect(await pruneShadowHistory(t.db, { days: 90, maxVersions: 3, now })).toBeGreaterThanOrEqual(3);
    expect((await versionsOf(deviceGuid)).map((v) => v.version)).toEqual([6, 5, 4]);
    const alerts = (await call(versionsUrl(deviceGuid, 'Alerts'))).json().versions;
    expect(alerts.map((v: Summary) => v.version)).toEqual([1]);
    // Run again (every server process runs it): nothing more to delete.
    expect(await pruneShadowHistory(t.db, { days: 90, maxVersions: 3, now })).toBe(0);
  });
});
