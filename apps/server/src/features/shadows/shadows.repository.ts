import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceOrgs } from '../../db/device-orgs.ts';
import { shadowCommands, shadows } from '../../db/schema.ts';

export type ShadowRow = typeof shadows.$inferSelect;
export type ShadowCommandRow = typeof shadowCommands.$inferSelect;
type JsonObject = Record<string, unknown>;

/** A device's reported document, with the device list's values derived from it. */
export interface ReportedDocument {
  deviceGuid: string;
  shadowName: string;
  state: JsonObject;
  version: number;
  derived: { deviceName?: string; outputsStatus?: number };
}

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
     * Reported documents of many devices in one statement, at most one per device: each is stored
     * unless a newer version is already stored (so a late or repeated message never rolls a shadow
     * back), the device list's derived values are updated with it, and the device's organization is
     * answered. Only stored reports are answered (not an older version, not an unknown device).
     */
    async saveReportedMany(reports: readonly ReportedDocument[]): Promise<Map<string, string | null>> {
      const column = <T>(pick: (report: ReportedDocument) => T) => sql.param(reports.map(pick));
      return deviceOrgs(
        db,
        sql`
        with input as (
          select * from unnest(
            ${column((r) => r.deviceGuid)}::uuid[],
            ${column((r) => r.shadowName)}::text[],
            ${column((r) => JSON.stringify(r.state))}::jsonb[],
            ${column((r) => r.version)}::integer[],
            ${column((r) => r.derived.deviceName ?? null)}::text[],
            ${column((r) => r.derived.outputsStatus ?? null)}::smallint[]
          ) as i(device_guid, shadow_name, state, version, device_name, outputs_status)
        ),
        saved as (
          insert into shadows (device_guid, shadow_name, reported_state, reported_version, reported_at)
          select i.device_guid, i.shadow_name, i.state, i.version, now()
            from input i join devices d on d.device_guid = i.device_guid
          on conflict (device_guid, shadow_name) do update
            set reported_state = excluded.reported_state,
                reported_version = excluded.reported_version,
                reported_at = excluded.reported_at
            where shadows.reported_version is null or shadows.reported_version <= excluded.reported_version
          returning device_guid, shadow_name
        ),
        derived as (
          update devices
            set device_name = coalesce(i.device_name, devices.device_name),
                outputs_status = coalesce(i.outputs_status, devices.outputs_status)
            from saved s join input i on i.device_guid = s.device_guid and i.shadow_name = s.shadow_name
            where devices.device_guid = s.device_guid
              and (i.device_name is not null or i.outputs_status is not null)
        )
        select s.device_guid, d.org_guid from saved s join devices d on d.device_guid = s.device_guid`,
      );
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
