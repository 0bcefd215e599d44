import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithOrg, provision, provisionInto, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { deviceCommands } from '../../db/tables/device-commands.schema.ts';
import { deviceEvents } from '../../db/tables/events.schema.ts';
import { shadowCommands } from '../../db/tables/shadows.schema.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';
import { deviceCommandsRepository } from '../device-commands/device-commands.repository.ts';
import { devicesReads } from '../devices/devices.reads.ts';
import { devicesRepository } from '../devices/devices.repository.ts';
import { shadowsRepository } from '../shadows/shadows.repository.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

const auditOf = (deviceGuid: string) =>
  t.db.select().from(deviceEvents).where(eq(deviceEvents.deviceGuid, deviceGuid));

/** Runs `answer` while the audit log cannot write events of `type`: it must be refused. */
async function refusedWhileAuditFails(type: DeviceDomainEvent['type'], answer: () => Promise<unknown>) {
  const failing = t.bus.onRecord(type, async () => {
    throw new Error('the audit log is unavailable');
  });
  try {
    await expect(answer()).rejects.toThrow('the audit log is unavailable');
  } finally {
    failing();
  }
}

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

  it("stores a device's answer to a set with its audit event: when the audit fails, the set stays unanswered", async () => {
    const [device] = await provisionInto(t, orgGuid);
    const deviceGuid = device!.device_guid;
    await devicesRepository(t.db).setOnlineMany([{ deviceGuid, online: true }]);
    // Delivered: a device answers only what it received.
    const [command] = await shadowsRepository(t.db).createCommands(
      [
        {
          deviceGuid,
          shadowName: 'System',
          commandType: 'set',
          targetVersion: 1,
          requestedState: { config: { device_name: 'Studio B' } },
          createdBy: owner.userGuid,
        },
      ],
      { claimWhileOnline: true },
    );
    const commandGuid = command!.commandGuid;
    const answer = {
      commandGuid,
      result: 'failed' as const,
      shadowName: 'System' as const,
      message: 'Invalid name',
      errorCode: 'INVALID_STATE',
      state: null,
      currentVersion: null,
    };
    const stateOf = async () =>
      (await t.db.select().from(shadowCommands).where(eq(shadowCommands.commandGuid, commandGuid)))[0]
        ?.commandState;
    await refusedWhileAuditFails('shadow.command', () => t.shadows.finishShadowCommand(deviceGuid, answer));
    expect(await stateOf()).toBe('pending');
    expect(await auditOf(deviceGuid)).toEqual([]);

    // The device's answer again (a retry, or the timeout job's question) is stored with its event.
    await t.shadows.finishShadowCommand(deviceGuid, answer);
    expect(await stateOf()).toBe('failed');
    expect((await auditOf(deviceGuid)).map((event) => event.eventData)).toEqual([
      expect.objectContaining({ message: 'System set failed', command_guid: commandGuid }),
    ]);
  });

  it("stores a device's answer to a command with its audit event: when the audit fails, the command stays open", async () => {
    const [device] = await provisionInto(t, orgGuid);
    const deviceGuid = device!.device_guid;
    const { commandGuid } = await deviceCommandsRepository(t.db).create({
      deviceGuid,
      command: 'reboot',
      createdBy: owner.userGuid,
    });
    const result = { command_guid: commandGuid, state: 'complete' as const, message: 'Rebooted' };
    const stateOf = async () =>
      (await t.db.select().from(deviceCommands).where(eq(deviceCommands.commandGuid, commandGuid)))[0]?.state;
    await refusedWhileAuditFails('device.command', () =>
      t.deviceCommands.recordDeviceCommandResult(deviceGuid, result),
    );
    expect(await stateOf()).toBe('issued');
    expect(await auditOf(deviceGuid)).toEqual([]);

    await t.deviceCommands.recordDeviceCommandResult(deviceGuid, result);
    expect(await stateOf()).toBe('complete');
    expect((await auditOf(deviceGuid)).map((event) => event.eventData)).toEqual([
      { message: 'reboot complete: Rebooted', command_guid: commandGuid },
    ]);
  });

  it("stores a device's connection with its event: when the audit fails, the device stays offline", async () => {
    const [device, other] = await provisionInto(t, orgGuid, 2);
    const onlineOf = async (deviceGuid: string) => (await devicesReads(t.db).findByGuid(deviceGuid))?.online;
    // Both connect in one batch: the failed round is written again device by device, and fails each.
    await refusedWhileAuditFails('device.connection', () =>
      Promise.all([
        t.devices.recordConnection(device!.device_guid, true),
        t.devices.recordConnection(other!.device_guid, true),
      ]),
    );
    expect([await onlineOf(device!.device_guid), await onlineOf(other!.device_guid)]).toEqual([false, false]);
    expect(await auditOf(device!.device_guid)).toEqual([]);

    // The device's next connection message is stored with its event.
    await t.devices.recordConnection(device!.device_guid, true);
    expect(await onlineOf(device!.device_guid)).toBe(true);
    expect((await auditOf(device!.device_guid)).map((event) => event.eventData)).toEqual([
      { message: 'Device online', to_state: 'online' },
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
