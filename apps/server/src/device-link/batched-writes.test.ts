import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, provision, provisionInto } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { devices, shadows } from '../db/schema.ts';
import { devicesRepository } from '../features/devices/devices.repository.ts';
import { shadowsRepository } from '../features/shadows/shadows.repository.ts';

/** The statements a fleet's announcements are stored with: many devices, one round trip. */
let t: TestApp;
let orgGuid: string;
beforeAll(async () => {
  t = await createTestApp();
  orgGuid = await createOrg(t, await createUser(t));
});
afterAll(() => t.close());

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
  it('stores each report unless a newer version is stored, with the values derived from it', async () => {
    const [first, second] = await provisionInto(t, orgGuid, 2);
    const repository = shadowsRepository(t.db);
    const report = (deviceGuid: string, version: number, deviceName: string) => ({
      deviceGuid,
      shadowName: 'System',
      state: { config: { device_name: deviceName, quote: `it's "${deviceName}"` } },
      version,
      derived: { deviceName },
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
});
