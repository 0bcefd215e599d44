import type { RestResponse } from '@ec/contract/rest-direct';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceCommands } from '../../db/tables/device-commands.schema.ts';
import { deviceCommandsReads, OPEN } from './device-commands.reads.ts';

/** Every write to device commands (the device core's alone), with the reads of device-commands.reads.ts. */
export function deviceCommandsRepository(db: Db) {
  return {
    ...deviceCommandsReads(db),

    async create(row: typeof deviceCommands.$inferInsert) {
      const [created] = await db.insert(deviceCommands).values(row).returning();
      return created!;
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
            // A device may say more while it works (a pull's progress): accepted again updates the message.
            inArray(deviceCommands.state, final ? OPEN : ['issued', 'accepted']),
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
