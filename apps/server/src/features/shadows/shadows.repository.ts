import { SERVER_SIDE_FAILURES } from '@ec/contract/shadows';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceOrgs } from '../../db/device-orgs.ts';
import { shadowCommands, shadows } from './shadows.schema.ts';

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
  /**
   * Published by the device on the shadow's reported topic: its own word on its current document,
   * stored whatever version is stored (a reset starts versions again). A document carried by a
   * command result is not: it may overtake a newer report in the ingest, so it never rolls one back.
   */
  authoritative: boolean;
}

/**
 * Commands the device received without answering yet: pending, or failed by the server on the
 * device's behalf. A command still waiting for an offline device is not among them.
 */
const unconfirmed = or(
  and(eq(shadowCommands.commandState, 'pending'), isNotNull(shadowCommands.deliveredAt)),
  and(
    eq(shadowCommands.commandState, 'failed'),
    inArray(sql`${shadowCommands.response}->>'error_code'`, [...SERVER_SIDE_FAILURES]),
  ),
);

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
     * Reported documents of many devices in one statement, at most one per device: an authoritative
     * report is always stored, and one whose version is below the stored one is recorded as a
     * 'version restarted' event (a factory reset); a document from a command result is stored
     * unless a newer version is already stored. The device list's derived values are updated with it,
     * and the device's organization is answered. Only stored reports are answered (not an older
     * result, not an unknown device).
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
            ${column((r) => r.derived.outputsStatus ?? null)}::smallint[],
            ${column((r) => r.authoritative)}::boolean[]
          ) as i(device_guid, shadow_name, state, version, device_name, outputs_status, authoritative)
        ),
        accepted as (
          select i.*, d.org_guid, s.reported_version as previous_version
            from input i
            join devices d on d.device_guid = i.device_guid
            left join shadows s on s.device_guid = i.device_guid and s.shadow_name = i.shadow_name
           where i.authoritative or s.reported_version is null or s.reported_version <= i.version
        ),
        saved as (
          insert into shadows (device_guid, shadow_name, reported_state, reported_version, reported_at)
          select a.device_guid, a.shadow_name, a.state, a.version, now() from accepted a
          on conflict (device_guid, shadow_name) do update
            set reported_state = excluded.reported_state,
                reported_version = excluded.reported_version,
                reported_at = excluded.reported_at
          returning device_guid, shadow_name
        ),
        restarted as (
          insert into device_events (device_guid, org_guid, event_type, event_data)
          select a.device_guid, a.org_guid, 'shadow',
                 jsonb_build_object(
                   'message', a.shadow_name || ' version restarted at ' || a.version
                     || ' (was ' || a.previous_version || ')',
                   'to_shadow', a.version)
            from accepted a
           where a.previous_version > a.version
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

    /**
     * Stores the device's answer to a command that has none yet (pending, or failed by the server on
     * its behalf: a late answer is the truth); a repeated answer changes nothing.
     */
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
            unconfirmed,
          ),
        )
        .returning();
      return row;
    },

    /**
     * Fails pending commands on the device's behalf (no answer in time, or never handed to the
     * broker); the device's own answer may still replace it (`finishCommand`).
     */
    async failUnanswered(
      deviceGuid: string,
      commandGuids: readonly string[],
      response: NonNullable<ShadowCommandRow['response']>,
    ) {
      if (commandGuids.length === 0) return [];
      return db
        .update(shadowCommands)
        .set({ commandState: 'failed', response, finishedAt: new Date() })
        .where(
          and(
            eq(shadowCommands.deviceGuid, deviceGuid),
            inArray(shadowCommands.commandGuid, [...commandGuids]),
            eq(shadowCommands.commandState, 'pending'),
          ),
        )
        .returning();
    },

    /** Pending commands not yet handed to the broker, oldest first (the device was offline). */
    async undelivered(deviceGuid: string) {
      return db
        .select()
        .from(shadowCommands)
        .where(
          and(
            eq(shadowCommands.deviceGuid, deviceGuid),
            eq(shadowCommands.commandState, 'pending'),
            isNull(shadowCommands.deliveredAt),
          ),
        )
        .orderBy(asc(shadowCommands.createdAt));
    },

    /** Marks a command delivered; false when another process (or call) already claimed it. */
    async claimDelivery(deviceGuid: string, commandGuid: string) {
      const claimed = await db
        .update(shadowCommands)
        .set({ deliveredAt: new Date() })
        .where(
          and(
            eq(shadowCommands.deviceGuid, deviceGuid),
            eq(shadowCommands.commandGuid, commandGuid),
            eq(shadowCommands.commandState, 'pending'),
            isNull(shadowCommands.deliveredAt),
          ),
        )
        .returning({ commandGuid: shadowCommands.commandGuid });
      return claimed.length === 1;
    },

    /** Undoes a claim whose publish failed, so the command goes out on the next connection. */
    async releaseDelivery(deviceGuid: string, commandGuid: string) {
      await db
        .update(shadowCommands)
        .set({ deliveredAt: null })
        .where(and(eq(shadowCommands.deviceGuid, deviceGuid), eq(shadowCommands.commandGuid, commandGuid)));
    },

    /** Pending commands handed to the broker before `before`: the device has not answered them. */
    async deliveredBefore(before: Date) {
      return db
        .select({ deviceGuid: shadowCommands.deviceGuid, commandGuid: shadowCommands.commandGuid })
        .from(shadowCommands)
        .where(and(eq(shadowCommands.commandState, 'pending'), lt(shadowCommands.deliveredAt, before)));
    },

    /** Each device and shadow with a command created since `since` that the device has not answered. */
    async unconfirmedSince(since: Date) {
      return db
        .selectDistinct({ deviceGuid: shadowCommands.deviceGuid, shadowName: shadowCommands.shadowName })
        .from(shadowCommands)
        .where(and(gte(shadowCommands.createdAt, since), unconfirmed));
    },
  };
}
