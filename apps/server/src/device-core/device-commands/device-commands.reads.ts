import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { deviceCommands } from '../../db/tables/device-commands.schema.ts';

export type DeviceCommandRow = typeof deviceCommands.$inferSelect;
type OpenState = 'issued' | 'accepted';
/** The states of a command that is sent and not finished yet. */
export const OPEN: OpenState[] = ['issued', 'accepted'];

/** Read by every set (no configuration change during an update): prepared once (decision 195). */
const commandsInFlight = preparedStatement((db) =>
  db
    .selectDistinct({ command: deviceCommands.command })
    .from(deviceCommands)
    .where(
      and(eq(deviceCommands.deviceGuid, sql.placeholder('deviceGuid')), inArray(deviceCommands.state, OPEN)),
    )
    .prepare('commands_in_flight'),
);

/**
 * What the rest of the server reads of device commands: queries that change and lock nothing. Every
 * write is the device core's (device-commands.repository.ts, through the device commands service).
 */
export function deviceCommandsReads(db: Db) {
  return {
    async find(deviceGuid: string, commandGuid: string) {
      const [row] = await db
        .select()
        .from(deviceCommands)
        .where(and(eq(deviceCommands.deviceGuid, deviceGuid), eq(deviceCommands.commandGuid, commandGuid)));
      return row;
    },

    /** The names of the device's commands that are sent and not finished yet. */
    async inFlight(deviceGuid: string): Promise<string[]> {
      const rows = await commandsInFlight(db).execute({ deviceGuid });
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
  };
}
