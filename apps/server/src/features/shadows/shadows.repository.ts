import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { shadowCommands, shadows } from '../../db/schema.ts';

export type ShadowRow = typeof shadows.$inferSelect;
export type ShadowCommandRow = typeof shadowCommands.$inferSelect;
type JsonObject = Record<string, unknown>;

export function shadowsRepository(db: Db) {
  return {
    async list(deviceGuid: string, names?: readonly string[]) {
      const where = [eq(shadows.deviceGuid, deviceGuid)];
      if (names?.length) where.push(inArray(shadows.shadowName, [...names]));
      return db
        .select()
        .from(shadows)
        .where(and(...where));
    },

    /**
     * A device's reported document in one statement: stored unless a newer version is already stored
     * (so a late or repeated message never rolls a shadow back), the device list's derived values
     * updated with it, and the device's organization answered, so the ingest of a report is one round
     * trip. Undefined when nothing was stored (an older version, or no such device).
     */
    async saveReportedForDevice(
      deviceGuid: string,
      shadowName: string,
      state: JsonObject,
      version: number,
      derived: { deviceName?: string; outputsStatus?: number },
    ): Promise<{ orgGuid: string | null } | undefined> {
      const saved = sql`saved as (
        insert into shadows (device_guid, shadow_name, reported_state, reported_version, reported_at)
        select device_guid, ${shadowName}, ${JSON.stringify(state)}::jsonb, ${version}, now()
          from devices where device_guid = ${deviceGuid}
        on conflict (device_guid, shadow_name) do update
          set reported_state = excluded.reported_state,
              reported_version = excluded.reported_version,
              reported_at = excluded.reported_at
          where shadows.reported_version is null or shadows.reported_version <= excluded.reported_version
        returning device_guid)`;
      const hasDerived = derived.deviceName !== undefined || derived.outputsStatus !== undefined;
      const query = hasDerived
        ? sql`with ${saved}, changed as (
            update devices
              set device_name = coalesce(${derived.deviceName ?? null}, devices.device_name),
                  outputs_status = coalesce(${derived.outputsStatus ?? null}::smallint, devices.outputs_status)
            from saved where devices.device_guid = saved.device_guid
            returning devices.org_guid)
          select org_guid from changed`
        : sql`with ${saved} select devices.org_guid from saved join devices on devices.device_guid = saved.device_guid`;
      const result = (await db.execute(query)) as unknown as { rows: Array<{ org_guid: string | null }> };
      const [row] = result.rows;
      return row && { orgGuid: row.org_guid };
    },

    async saveRequested(deviceGuid: string, shadowName: string, state: JsonObject) {
      const now = new Date();
      await db
        .insert(shadows)
        .values({ deviceGuid, shadowName, requestedState: state, requestedAt: now })
        .onConflictDoUpdate({
          target: [shadows.deviceGuid, shadows.shadowName],
          set: { requestedState: state, requestedAt: now },
        });
    },

    async createCommands(rows: (typeof shadowCommands.$inferInsert)[]) {
      return db.insert(shadowCommands).values(rows).returning();
    },

    async findCommand(deviceGuid: string, commandGuid: string) {
      const [row] = await db
        .select()
        .from(shadowCommands)
        .where(and(eq(shadowCommands.deviceGuid, deviceGuid), eq(shadowCommands.commandGuid, commandGuid)));
      return row;
    },

    /** Finishes a pending command once; a repeated result changes nothing. */
    async finishCommand(
      deviceGuid: string,
      commandGuid: string,
      outcome: { commandState: 'succeeded' | 'failed'; response: NonNullable<ShadowCommandRow['response']> },
    ) {
      const [row] = await db
        .update(shadowCommands)
        .set({ ...outcome, finishedAt: new Date() })
        .where(
          and(
            eq(shadowCommands.deviceGuid, deviceGuid),
            eq(shadowCommands.commandGuid, commandGuid),
            eq(shadowCommands.commandState, 'pending'),
          ),
        )
        .returning();
      return row;
    },
  };
}
