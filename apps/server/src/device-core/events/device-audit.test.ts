import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithOrg, provision, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';
import { devicesRepository } from '../devices/devices.repository.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

const auditOf = (deviceGuid: string) =>
  t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceGuid, deviceGuid));

describe('the audit log as a recording listener of the bus', () => {
  it('writes a change and its audit event together: when the audit fails, the change is not stored', async () => {
    const [device] = await provision(t, 1, 'edgecaster');
    const deviceGuid = device!.device_guid;
    const told: DeviceDomainEvent[] = [];
    const stops = [
      t.bus.onRecord('device.adopted', async () => {
        throw new Error('the audit log is unavailable');
      }),
      t.bus.on('device.adopted', (event) => told.push(event)),
    ];
    const actor = { userGuid: owner.userGuid, email: owner.email };
    await expect(t.devices.adopt({ deviceGuid, orgGuid, actor })).rejects.toThrow(
      'the audit log is unavailable',
    );
    stops[0]!();
    expect(await devicesRepository(t.db).orgOf(deviceGuid)).toBeNull();
    expect(told).toEqual([]);
    expect(await auditOf(deviceGuid)).toEqual([]);

    expect(await t.devices.adopt({ deviceGuid, orgGuid, actor })).toBeDefined();
    stops[1]!();
    expect(told).toHaveLength(1);
    expect((await auditOf(deviceGuid)).map((event) => event.eventData)).toEqual([
      { message: `Adopted by ${owner.email}`, user_guid: owner.userGuid },
    ]);
  });

  it('records metadata changes with each value before and after, and who made them', async () => {
    const [device] = await provision(t, 1, 'edgecaster');
    const deviceGuid = device!.device_guid;
    const actor = { userGuid: owner.userGuid, email: owner.email };
    await t.devices.adopt({ deviceGuid, orgGuid, actor });
    await t.devices.saveMetadata({
      deviceGuid,
      orgGuid,
      actor,
      changes: [{ key: 'location', value: 'Rack 4' }],
    });
    const audit = (await auditOf(deviceGuid)).map((event) => event.eventData);
    expect(audit).toContainEqual({
      message: `Location changed by ${owner.email}`,
      metadata_changes: [{ key: 'location', from: null, to: 'Rack 4' }],
      user_guid: owner.userGuid,
    });
  });
});
