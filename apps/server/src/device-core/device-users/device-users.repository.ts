import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { deviceUsers } from '../../db/tables/device-users.schema.ts';
import { fleetDevices } from '../../db/tables/fleets.schema.ts';
import { invites } from '../../db/tables/invites.schema.ts';
import { deviceUsersReads } from './device-users.reads.ts';

/** Every write to device users (the device core's alone), with the reads of device-users.reads.ts. */
export function deviceUsersRepository(db: Db) {
  return {
    ...deviceUsersReads(db),

    /** The device's own users among `userGuids`, with their e-mail, locked for a change. */
    async lockGranted(deviceGuid: string, orgGuid: string, userGuids: readonly string[]) {
      return db
        .select({ userGuid: deviceUsers.userGuid, access: deviceUsers.access, email: users.email })
        .from(deviceUsers)
        .innerJoin(users, eq(users.userGuid, deviceUsers.userGuid))
        .where(
          and(
            eq(deviceUsers.deviceGuid, deviceGuid),
            eq(deviceUsers.orgGuid, orgGuid),
            inArray(deviceUsers.userGuid, [...userGuids]),
          ),
        )
        .for('update', { of: deviceUsers });
    },

    async setAccess(deviceGuid: string, userGuid: string, access: number) {
      await db
        .update(deviceUsers)
        .set({ access })
        .where(and(eq(deviceUsers.deviceGuid, deviceGuid), eq(deviceUsers.userGuid, userGuid)));
    },

    async remove(deviceGuid: string, userGuids: readonly string[]) {
      await db
        .delete(deviceUsers)
        .where(and(eq(deviceUsers.deviceGuid, deviceGuid), inArray(deviceUsers.userGuid, [...userGuids])));
    },

    /**
     * Grants access (an invitation accepted): a new user of the device, or a higher level for an
     * existing one, never a lower. Answers the level before (null: none) and after.
     */
    async grant(input: {
      deviceGuid: string;
      orgGuid: string;
      userGuid: string;
      access: number;
      grantedBy: string | null;
    }) {
      const [before] = await db
        .select({ access: deviceUsers.access, orgGuid: deviceUsers.orgGuid })
        .from(deviceUsers)
        .where(and(eq(deviceUsers.deviceGuid, input.deviceGuid), eq(deviceUsers.userGuid, input.userGuid)))
        .for('update');
      const previous = before?.orgGuid === input.orgGuid ? before.access : null;
      const [saved] = await db
        .insert(deviceUsers)
        .values(input)
        .onConflictDoUpdate({
          target: [deviceUsers.deviceGuid, deviceUsers.userGuid],
          set: {
            orgGuid: input.orgGuid,
            access: previous === null ? input.access : Math.max(previous, input.access),
            grantedBy: input.grantedBy,
          },
        })
        .returning({ access: deviceUsers.access });
      return { before: previous, after: saved?.access ?? input.access };
    },

    /**
     * Every grant of the device, its place in fleets and every pending invitation to it (it is
     * forgotten: they were given in that organization and would grant the next adoption).
     */
    async removeAll(deviceGuid: string) {
      await db.delete(deviceUsers).where(eq(deviceUsers.deviceGuid, deviceGuid));
      await db.delete(fleetDevices).where(eq(fleetDevices.deviceGuid, deviceGuid));
      await db.delete(invites).where(eq(invites.deviceGuid, deviceGuid));
    },
  };
}

export type DeviceUsersRepository = ReturnType<typeof deviceUsersRepository>;
