import { DEVICE_USER_ERRORS, DEVICE_USERS_PAGE_SIZE } from '@ec/contract/device-users';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import type { Actor, DeviceEventBus, DeviceUserChange } from '../../shared/device-event-bus.ts';
import { DEVICE_USER_SOURCES } from './device-users.reads.ts';
import { deviceUsersRepository } from './device-users.repository.ts';

export type DeviceUsersService = ReturnType<typeof createDeviceUsersService>;

/** The list's sort key: name, guid, and the row's source (own 0, membership 1, fleet 2). */
const pageKey = z.tuple([
  z.string(),
  z.uuid(),
  z.union(Object.values(DEVICE_USER_SOURCES).map((source) => z.literal(source))),
]);

/** A device in its current organization, as the access check found it. */
interface AdoptedDevice {
  deviceGuid: string;
  orgGuid: string;
}

/**
 * Every change to a device's users, beside the device service: written in one transaction with its
 * audit event (who, what, before and after: the bus's recording listeners), then told as `device.users`.
 */
export function createDeviceUsersService(deps: { db: Db; bus: DeviceEventBus }) {
  const { db, bus } = deps;

  /**
   * Runs `change` in a transaction that also records the event, then emits it. `change` answers the
   * changes it made, or throws to leave everything as it was.
   */
  async function changeUsers(
    device: AdoptedDevice,
    actor: Actor,
    /** What happened, for the event's message: 'Device users changed', ... */
    what: string,
    change: (tx: Db) => Promise<DeviceUserChange[]>,
  ) {
    const usersEvent = (changes: DeviceUserChange[]) =>
      ({
        type: 'device.users',
        deviceGuid: device.deviceGuid,
        orgGuid: device.orgGuid,
        actor,
        what,
        changes,
      }) as const;
    const changes = await db.transaction(async (tx) => {
      const made = await change(tx);
      if (made.length > 0) await bus.record(tx, usersEvent(made));
      return made;
    });
    if (changes.length > 0) bus.emit(usersEvent(changes));
    return changes;
  }

  /**
   * Refuses the whole request when a listed user is not one of the device's own users: the
   * organization's members are managed there (spec 3 §6), anyone else has no access to change.
   */
  async function lockOwnUsers(
    repository: ReturnType<typeof deviceUsersRepository>,
    device: AdoptedDevice,
    userGuids: readonly string[],
  ) {
    const granted = await repository.lockGranted(device.deviceGuid, device.orgGuid, userGuids);
    const found = new Map(granted.map((row) => [row.userGuid, row]));
    const missing = userGuids.filter((guid) => !found.has(guid));
    if (missing.length > 0) {
      const members = await repository.membersAmong(device.orgGuid, missing);
      if (members.size > 0) throw ApiError.badRequest(DEVICE_USER_ERRORS.managed, 'DEVICE_USER_MANAGED');
      throw ApiError.badRequest(DEVICE_USER_ERRORS.notDeviceUser, 'DEVICE_USER_NOT_FOUND');
    }
    return found;
  }

  return {
    /**
     * One page of the device's user list by name: its own users, its organization's members and its
     * fleets' users (managed there).
     */
    async listPage(device: AdoptedDevice, query: { pagination_size?: number; pagination_token?: string }) {
      const size = query.pagination_size ?? DEVICE_USERS_PAGE_SIZE;
      const rows = await deviceUsersRepository(db).listPage({
        deviceGuid: device.deviceGuid,
        orgGuid: device.orgGuid,
        after: decodePageToken(query.pagination_token, pageKey),
        limit: size + 1,
      });
      return pageOf(rows, size, (row) => [
        row.sortName,
        row.userGuid,
        DEVICE_USER_SOURCES[row.managedBy ?? 'own'],
      ]);
    },

    /** New access levels for the device's own users (PUT /devices/{guid}/users). */
    saveDeviceUsers(input: {
      device: AdoptedDevice;
      actor: Actor;
      users: readonly { userGuid: string; access: number }[];
    }) {
      return changeUsers(input.device, input.actor, 'Device users changed', async (tx) => {
        const repository = deviceUsersRepository(tx);
        const found = await lockOwnUsers(
          repository,
          input.device,
          input.users.map((user) => user.userGuid),
        );
        const changes: DeviceUserChange[] = [];
        for (const user of input.users) {
          const current = found.get(user.userGuid)!;
          if (current.access === user.access) continue;
          await repository.setAccess(input.device.deviceGuid, user.userGuid, user.access);
          changes.push({
            userGuid: user.userGuid,
            email: current.email,
            before: current.access,
            after: user.access,
          });
        }
        return changes;
      });
    },

    /** Removes users of the device (DELETE /devices/{guid}/users). */
    removeDeviceUsers(input: { device: AdoptedDevice; actor: Actor; userGuids: readonly string[] }) {
      return changeUsers(input.device, input.actor, 'Device users removed', async (tx) => {
        const repository = deviceUsersRepository(tx);
        const found = await lockOwnUsers(repository, input.device, input.userGuids);
        await repository.remove(input.device.deviceGuid, input.userGuids);
        return [...found.values()].map((row) => ({
          userGuid: row.userGuid,
          email: row.email,
          before: row.access,
          after: null,
        }));
      });
    },

    /**
     * Accepts a device invitation: `claim` deletes the invite inside the same transaction (answering
     * false when someone else claimed it first), then the invited person becomes a user of the device
     * (or gets the higher of the two levels). Answers false when the invite was gone.
     */
    async acceptDeviceInvite(input: {
      device: AdoptedDevice;
      invitee: Actor;
      access: number;
      invitedBy: string | null;
      claim: (tx: Db) => Promise<boolean>;
    }): Promise<boolean> {
      let claimed = false;
      await changeUsers(input.device, input.invitee, 'Device invitation accepted', async (tx) => {
        claimed = await input.claim(tx);
        if (!claimed) return [];
        const granted = await deviceUsersRepository(tx).grant({
          deviceGuid: input.device.deviceGuid,
          orgGuid: input.device.orgGuid,
          userGuid: input.invitee.userGuid,
          access: input.access,
          grantedBy: input.invitedBy,
        });
        if (granted.before === granted.after) return [];
        return [{ userGuid: input.invitee.userGuid, email: input.invitee.email, ...granted }];
      });
      return claimed;
    },
  };
}
