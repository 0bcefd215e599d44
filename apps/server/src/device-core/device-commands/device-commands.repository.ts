import type { RestResponse } from '@ec/contract/rest-direct';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceCommands } from '../../db/tables/device-commands.schema.ts';

export type DeviceCommandRow = typeof deviceCommands.$inferSelect;
type OpenState = 'issued' | 'accepted';
const OPEN: OpenState[] = ['issued', 'accepted'];

export function deviceCommandsRepository(db: Db) {
  return {
    async create(row: typeof deviceCommands.$inferInsert) {
      const [created] = await db.insert(deviceCommands).values(row).returning();
      return created!;
    },

    async find(deviceGuid: string, commandGuid: string) {
      const [row] = await db
        .select()
        .from(deviceCommands)
        .where(and(eq(deviceCommands.deviceGuid, deviceGuid), eq(deviceCommands.commandGuid, commandGuid)));
      return row;
    },

    /** The names of the device's commands that are sent and not finished yet. */
    async inFlight(deviceGuid: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ command: deviceCommands.command })
        .from(deviceCommands)
        .where(and(eq(deviceCommands.deviceGuid, deviceGuid), inArray(deviceCommands.state, OPEN)));
      return rows.map((row) => row.command);
    },

    /** The device's latest command of this kind that finished as complete. */
    async latestComplete(deviceGuid: string, command: string) {
      const [row] = await db
        .select()
        .from(deviceCommands)
        .where(
          and(
            eq(deviceCommands.deviceGuid, deviceGuid),
            eq(deviceCommands.command, command),
            eq(deviceCommands.state, 'complete'),
          ),
        )
        .orderBy(desc(deviceCommands.finishedAt))
        .limit(1);
      return row;
    },

    /**
     * Moves an open command to the device's answer: accepted keeps it open, a final state closes it.
     * A finished command does not change again (a repeated or late answer is ignored).
     */
    async answer(
      deviceGuid: string,
      commandGuid: string,
      answer: {
        state: 'accepted' | 'complete' | 'failed' | 'rejected';
        message: string | null;
        response?: RestResponse;
      },
    ) {
      const final = answer.state !== 'accepted';
      const [row] = await db
        .update(deviceCommands)
        .set({
          state: answer.state,
          message: answer.message,
          response: answer.response ?? null,
          finishedAt: final ? new Date() : null,
        })
        .where(
          and(
            eq(deviceCommands.deviceGuid, deviceGuid),
            eq(deviceCommands.commandGuid, commandGuid),
            inArray(deviceCommands.state, final ? OPEN : ['issued']),
          ),
        )
        .returning();
      return row;
    },

    /** Fails the open commands created before `before`; answers the failed rows. */
    async failOpenBefore(before: Date, message: string) {
      return db
        .update(deviceCommands)
        .set({ state: 'failed', message, finishedAt: new Date() })
        .where(and(inArray(deviceCommands.state, OPEN), lt(deviceCommands.createdAt, before)))
        .returning();
    },
  };
}
