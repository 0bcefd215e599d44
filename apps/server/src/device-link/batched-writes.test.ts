import { randomUUID } from 'node:crypto';
import { DEVICE_TIMEOUT } from '@ec/contract/shadows';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, provision, provisionInto } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { valueRefusal } from '../db/sql-helpers.ts';
import { devices } from '../db/tables/devices.schema.ts';
import { deviceEvents } from '../db/tables/events.schema.ts';
import { shadowVersions } from '../db/tables/shadow-history.schema.ts';
import { shadows } from '../db/tables/shadows.schema.ts';
import { devicesRepository } from '../device-core/devices/devices.repository.ts';
import { type ReportedDocument, shadowsRepository } from '../device-core/shadows/shadows.repository.ts';
import { deviceBatchLoader } from '../shared/device-batch-loader.ts';

/** The statements a fleet's announcements are stored with: many devices, one round trip. */
let t: TestApp;
let orgGuid: string;
beforeAll(async () => {
  t = await createTestApp();
  orgGuid = await createOrg(t, await createUser(t));
});
afterAll(() => t.close());

/** A reported document as the ingest hands it to the repository: the device's own unless told. */
const reported = (deviceGuid: string, fields: Partial<ReportedDocument>): ReportedDocument => ({
  deviceGuid,
  shadowName: 'System',
  state: {},
  version: 1,
  derived: {},
  authoritative: true,
  ...fields,
});

describe('setOnlineMany', () => {
  it("marks devices online or offline and answers each known device's organization", async () => {
    const [adopted] = await provisionInto(t, orgGuid);
    const [free] = await provision(t);
    const unknown = randomUUID();
    const answered = await devicesRepository(t.db).setOnlineMany([
      { deviceGuid: adopted!.device_guid, online: true },
      { deviceGuid: free!.device_guid, online: false },
      { deviceGuid: unknown, online: true },
    ]);
    expect(answered).toEqual(
      new Map([
        [adopted!.device_guid, orgGuid],
        [free!.device_guid, null],
      ]),
    );
    const [row] = await t.db.select().from(devices).where(eq(devices.deviceGuid, adopted!.device_guid));
    expect(row?.online).toBe(true);
    expect(row?.onlineChangedAt).toBeInstanceOf(Date);
  });
});

describe('saveReportedMany', () => {
  it('stores each result document unless a newer version is stored, with the values derived from it', async () => {
    const [first, second] = await provisionInto(t, orgGuid, 2);
    const repository = shadowsRepository(t.db);
    const report = (deviceGuid: string, version: number, deviceName: string) =>
      reported(deviceGuid, {
        state: { config: { device_name: deviceName, quote: `it's "${deviceName}"` } },
        version,
        derived: { deviceName },
        authoritative: false,
      });

    const saved = await repository.saveReportedMany([
      report(first!.device_guid, 5, 'Stage Left'),
      report(second!.device_guid, 2, 'Stage Right'),
      report(randomUUID(), 1, 'Nobody'),
    ]);
    expect([...saved.keys()].sort()).toEqual([first!.device_guid, second!.device_guid].sort());

    // A late, older report for the first device changes nothing and is not answered.
    const late = await repository.saveReportedMany([
      report(first!.device_guid, 4, 'Old Name'),
      report(second!.device_guid, 3, 'Stage Right 2'),
    ]);
    expect([...late.keys()]).toEqual([second!.device_guid]);

    const [firstShadow] = await t.db.select().from(shadows).where(eq(shadows.deviceGuid, first!.device_guid));
    expect(firstShadow?.reportedVersion).toBe(5);
    expect(firstShadow?.reportedState).toEqual({
      config: { device_name: 'Stage Left', quote: `it's "Stage Left"` },
    });
    const names = await t.db
      .select({ guid: devices.deviceGuid, name: devices.deviceName })
      .from(devices)
      .where(eq(devices.orgGuid, orgGuid));
    expect(names).toEqual(
      expect.arrayContaining([
        { guid: first!.device_guid, name: 'Stage Left' },
        { guid: second!.device_guid, name: 'Stage Right 2' },
      ]),
    );
  });

  it("stores the device's own report whatever version is stored, and records a restart as an event", async () => {
    const [device] = await provisionInto(t, orgGuid);
    const deviceGuid = device!.device_guid;
    const repository = shadowsRepository(t.db);
    const report = (version: number, authoritative: boolean) =>
      reported(deviceGuid, {
        shadowName: 'Outputs',
        state: { outputs: [], version },
        version,
        authoritative,
      });
    const stored = async () =>
      (await t.db.select().from(shadows).where(eq(shadows.deviceGuid, deviceGuid)))[0]?.reportedVersion;

    // A wild version does not stick: the device's next report (after a factory reset) replaces it.
    await repository.saveReportedMany([report(999_999, true)]);
    expect([...(await repository.saveReportedMany([report(1, true)])).keys()]).toEqual([deviceGuid]);
    expect(await stored()).toBe(1);
    const events = await t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceGuid, deviceGuid));
    expect(events).toEqual([
      expect.objectContaining({
        orgGuid,
        eventType: 'shadow',
        eventData: { message: 'Outputs version restarted at 1 (was 999999)', to_shadow: 1 },
      }),
    ]);

    // A command result carrying an older document does not roll the report back.
    await repository.saveReportedMany([report(3, true)]);
    expect((await repository.saveReportedMany([report(2, false)])).size).toBe(0);
    expect(await stored()).toBe(3);
  });
  it("keeps the device's report of a version when the answer to a set carries an earlier look at it", async () => {
    const [device] = await provisionInto(t, orgGuid);
    const deviceGuid = device!.device_guid;
    const repository = shadowsRepository(t.db);
    const outputs = (statusCode: string, authoritative: boolean) =>
      reported(deviceGuid, {
        shadowName: 'Outputs',
        state: { outputs: [{ id: 1, status: { status_code: statusCode } }] },
        version: 4,
        authoritative,
      });

    // The output was starting when the device answered; it reported itself streaming before the answer came in.
    await repository.saveReportedMany([outputs('STARTING', true)]);
    await repository.saveReportedMany([outputs('STREAM_RUNNING', true)]);
    expect((await repository.saveReportedMany([outputs('STARTING', false)])).size).toBe(0);

    const [stored] = await t.db.select().from(shadows).where(eq(shadows.deviceGuid, deviceGuid));
    expect(stored?.reportedState).toEqual(outputs('STREAM_RUNNING', true).state);
    const [history] = await t.db
      .select()
      .from(shadowVersions)
      .where(eq(shadowVersions.deviceGuid, deviceGuid));
    expect(history?.state).toEqual(outputs('STREAM_RUNNING', true).state);
  });
});

describe('deviceBatchLoader', () => {
  it("writes a round the database refuses again item by item: a bad row fails only its own device's load", async () => {
    const [bad, good] = await provisionInto(t, orgGuid, 2);
    const loader = deviceBatchLoader((batch: readonly ReportedDocument[]) =>
      shadowsRepository(t.db).saveReportedMany(batch),
    );
    const report = (deviceGuid: string, version: number) => loader.load(reported(deviceGuid, { version }));

    const [refused, stored] = await Promise.allSettled([
      report(bad!.device_guid, 2 ** 31),
      report(good!.device_guid, 1),
    ]);
    expect(stored).toEqual({ status: 'fulfilled', value: { orgGuid } });
    expect(refused.status).toBe('rejected');
    expect(valueRefusal((refused as PromiseRejectedResult).reason)?.message).toMatch(/out of range/);
  });
});

describe('createCommands', () => {
  it("claims the delivery of an online device's commands as it stores them, and leaves an offline device's waiting", async () => {
    const [online, offline] = await provisionInto(t, orgGuid, 2);
    await devicesRepository(t.db).setOnlineMany([{ deviceGuid: online!.device_guid, online: true }]);
    const repository = shadowsRepository(t.db);
    const create = (deviceGuid: string) =>
      repository.createCommands(
        [
          {
            deviceGuid,
            shadowName: 'System',
            commandType: 'set',
            targetVersion: 1,
            requestedState: { config: { device_name: 'Claimed' } },
          },
        ],
        { claimWhileOnline: true },
      );

    const [sent] = await create(online!.device_guid);
    expect(sent!.deliveredAt).toBeInstanceOf(Date);
    // Claimed once: no other process (nor a connection's catch-up) sends it again.
    expect(await repository.claimDelivery(online!.device_guid, sent!.commandGuid)).toBe(false);
    const [stored] = await t.db.select().from(shadows).where(eq(shadows.deviceGuid, online!.device_guid));
    expect(stored?.requestedState).toEqual({ config: { device_name: 'Claimed' } });

    const [waiting] = await create(offline!.device_guid);
    expect(waiting!.deliveredAt).toBeNull();
    expect((await repository.undelivered([offline!.device_guid])).map((row) => row.commandGuid)).toEqual([
      waiting!.commandGuid,
    ]);
    expect(await repository.claimDelivery(offline!.device_guid, waiting!.commandGuid)).toBe(true);
  });
});

describe('finishCommand', () => {
  it("stores the device's late answer over a failure the server decided, once", async () => {
    const [device] = await provisionInto(t, orgGuid);
    const deviceGuid = device!.device_guid;
    const repository = shadowsRepository(t.db);
    const [command] = await repository.createCommands([
      { deviceGuid, shadowName: 'System', commandType: 'get' },
    ]);
    const serverSide = {
      message: 'The device did not answer in time.',
      error_code: DEVICE_TIMEOUT,
      state: null,
      current_version: null,
    };
    expect(await repository.failUnanswered(deviceGuid, [command!.commandGuid], serverSide)).toHaveLength(1);

    const answer = { message: null, error_code: null, state: { config: {} }, current_version: 4 };
    const late = await repository.finishCommand(deviceGuid, command!.commandGuid, {
      commandState: 'succeeded',
      response: answer,
    });
    expect(late).toMatchObject({ commandState: 'succeeded', response: answer });
    // The device's own answer is final: a repeated or different one changes nothing.
    const again = await repository.finishCommand(deviceGuid, command!.commandGuid, {
      commandState: 'failed',
      response: { ...answer, error_code: 'VERSION_MISMATCH' },
    });
    expect(again).toBeUndefined();
  });
});
