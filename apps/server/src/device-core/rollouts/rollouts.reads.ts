import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { rolloutDevices, rollouts } from '../../db/tables/rollouts.schema.ts';

export type RolloutRow = typeof rollouts.$inferSelect;
export type RolloutDeviceRow = typeof rolloutDevices.$inferSelect;
export type RolloutDeviceState = RolloutDeviceRow['deviceState'];

/** How many of a rollout's devices are in each state. */
export type RolloutStateCounts = Partial<Record<RolloutDeviceState, number>>;

/** A rollout's device with the names the page shows. */
export interface RolloutDeviceListRow extends RolloutDeviceRow {
  deviceName: string | null;
  serialNumber: string | null;
}

/** Reads of rollouts that change and lock nothing: any floor above may use them. */
/** A rollout device's own columns, as both the reads and the device core's writes select them. */
export const rolloutDeviceColumns = {
  rolloutGuid: rolloutDevices.rolloutGuid,
  deviceGuid: rolloutDevices.deviceGuid,
  position: rolloutDevices.position,
  wave: rolloutDevices.wave,
  deviceState: rolloutDevices.deviceState,
  commandGuid: rolloutDevices.commandGuid,
  message: rolloutDevices.message,
  errorCode: rolloutDevices.errorCode,
  sentAt: rolloutDevices.sentAt,
  finishedAt: rolloutDevices.finishedAt,
};

export function rolloutsReads(db: Db) {
  return {
    async find(rolloutGuid: string): Promise<RolloutRow | undefined> {
      const [row] = await db.select().from(rollouts).where(eq(rollouts.rolloutGuid, rolloutGuid));
      return row;
    },

    /** The organization's rollouts, newest first, a page after `before` (created_at, guid). */
    async listPage(input: {
      orgGuid: string;
      state?: RolloutRow['rolloutState'];
      fleetGuid?: string;
      after?: { createdAt: Date; rolloutGuid: string };
      limit: number;
    }): Promise<RolloutRow[]> {
      const where = [eq(rollouts.orgGuid, input.orgGuid)];
      if (input.state) where.push(eq(rollouts.rolloutState, input.state));
      if (input.fleetGuid) where.push(eq(rollouts.fleetGuid, input.fleetGuid));
      if (input.after)
        where.push(
          or(
            lt(rollouts.createdAt, input.after.createdAt),
            and(
              eq(rollouts.createdAt, input.after.createdAt),
              lt(rollouts.rolloutGuid, input.after.rolloutGuid),
            ),
          )!,
        );
      return db
        .select()
        .from(rollouts)
        .where(and(...where))
        .orderBy(desc(rollouts.createdAt), desc(rollouts.rolloutGuid))
        .limit(input.limit);
    },

    /** Each rollout's device counts by state, in one statement. */
    async countsOf(rolloutGuids: readonly string[]): Promise<Map<string, RolloutStateCounts>> {
      const counts = new Map<string, RolloutStateCounts>(rolloutGuids.map((guid) => [guid, {}]));
      if (!rolloutGuids.length) return counts;
      const rows = await db
        .select({
          rolloutGuid: rolloutDevices.rolloutGuid,
          deviceState: rolloutDevices.deviceState,
          count: sql<number>`count(*)::int`,
        })
        .from(rolloutDevices)
        .where(sql`${rolloutDevices.rolloutGuid} in ${rolloutGuids}`)
        .groupBy(rolloutDevices.rolloutGuid, rolloutDevices.deviceState);
      for (const row of rows) {
        const found = counts.get(row.rolloutGuid);
        if (found) found[row.deviceState] = row.count;
      }
      return counts;
    },

    /** A rollout's devices in wave order, with their names. */
    devices(rolloutGuid: string): Promise<RolloutDeviceListRow[]> {
      return db
        .select({
          ...rolloutDeviceColumns,
          deviceName: devices.deviceName,
          serialNumber: devices.serialNumber,
        })
        .from(rolloutDevices)
        .leftJoin(devices, eq(devices.deviceGuid, rolloutDevices.deviceGuid))
        .where(eq(rolloutDevices.rolloutGuid, rolloutGuid))
        .orderBy(rolloutDevices.position);
    },
  };
}
