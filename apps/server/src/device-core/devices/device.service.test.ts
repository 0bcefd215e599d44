import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptBySerial,
  createOrg,
  createTestAppWithOrg,
  provision,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

describe('the device service', () => {
  it('stores an adoption and a forgetting with who did it, and emits each after it is stored', async () => {
    const [device] = await provision(t, 1, 'edgecaster');
    const emitted: DeviceDomainEvent[] = [];
    const stops = [
      t.bus.on('device.adopted', (event) => emitted.push(event)),
      t.bus.on('device.forgotten', (event) => emitted.push(event)),
    ];
    const adopt = await adoptBySerial(t, owner.headers(orgGuid), device!.serial_number);
    expect(adopt.statusCode).toBe(200);
    const forget = await t.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${device!.device_guid}`,
      headers: owner.headers(orgGuid),
      payload: { reason: 'Sold' },
    });
    expect(forget.statusCode).toBe(200);
    for (const stop of stops) stop();

    const actor = { userGuid: owner.userGuid, email: owner.email };
    expect(emitted).toEqual([
      { type: 'device.adopted', deviceGuid: device!.device_guid, orgGuid, actor },
      { type: 'device.forgotten', deviceGuid: device!.device_guid, orgGuid, actor, reason: 'Sold' },
    ]);
    const audit = await t.db
      .select()
      .from(deviceEvents)
      .where(eq(deviceEvents.deviceGuid, device!.device_guid))
      .orderBy(deviceEvents.timestamp);
    expect(audit.map((event) => event.eventData)).toEqual([
      { message: `Adopted by ${owner.email}`, user_guid: owner.userGuid },
      { message: `Forgotten by ${owner.email}: Sold`, user_guid: owner.userGuid },
    ]);
  });

  it('keeps calling the other listeners when one throws', async () => {
    const [device] = await provision(t, 1, 'edgecaster');
    const seen: string[] = [];
    const stops = [
      t.bus.on('device.adopted', () => {
        throw new Error('a broken listener');
      }),
      t.bus.on('device.adopted', (event) => seen.push(event.deviceGuid)),
    ];
    const adopted = await t.devices.adopt({
      deviceGuid: device!.device_guid,
      orgGuid,
      actor: { userGuid: owner.userGuid, email: owner.email },
    });
    for (const stop of stops) stop();
    expect(adopted?.orgGuid).toBe(orgGuid);
    expect(seen).toEqual([device!.device_guid]);
  });

  it('emits nothing when nothing changed: adopting a device another organization holds', async () => {
    const [device] = await provision(t, 1, 'edgecaster');
    const other = await createOrg(t, owner);
    const actor = { userGuid: owner.userGuid, email: owner.email };
    await t.devices.adopt({ deviceGuid: device!.device_guid, orgGuid: other, actor });
    const emitted: DeviceDomainEvent[] = [];
    const stop = t.bus.on('device.adopted', (event) => emitted.push(event));
    expect(await t.devices.adopt({ deviceGuid: device!.device_guid, orgGuid, actor })).toBeUndefined();
    stop();
    expect(emitted).toEqual([]);
  });
});
