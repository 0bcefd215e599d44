import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceOrgs } from '../../db/device-orgs.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { jsonRows } from '../../db/sql-helpers.ts';
import { shadowCommands } from '../../db/tables/shadows.schema.ts';
import { type ShadowCommandRow, shadowsReads, unconfirmed } from './shadows.reads.ts';

/** The organization of a command's device, read by the statement that changes the command. */
const deviceOrgGuid = sql<
  string | null
>`(select d.org_guid from devices d where d.device_guid = shadow_commands.device_guid)`;

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
  /**
   * The set command whose successful answer carried this document: the version's history names its
   * user as the cause. Absent for the device's own reports.
   */
  commandGuid?: string | null;
}

/**
 * A new command's delivery claimed now (on this process's clock, as `claimDelivery`'s) when its device
 * is online, else left unclaimed.
 */
const deliveredNowIfOnline = (deviceGuid: string) =>
  sql<Date | null>`(select ${new Date().toISOString()}::timestamptz from devices d
                     where d.device_guid = ${deviceGuid} and d.online)`;

/** Claims a pending command's delivery, so that one process sends it once. Prepared once (decision 195). */
const delivery = preparedStatement((db) =>
  db
    .update(shadowCommands)
    .set({ deliveredAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(
      and(
        eq(shadowCommands.deviceGuid, sql.placeholder('deviceGuid')),
        eq(shadowCommands.commandGuid, sql.placeholder('commandGuid')),
        eq(shadowCommands.commandState, 'pending'),
        isNull(shadowCommands.deliveredAt),
      ),
    )
    .returning({ commandGuid: shadowCommands.commandGuid })
    .prepare('claim_delivery'),
);

/** Every write to shadows and their commands (the device core's alone), with the reads of shadows.reads.ts. */
export function shadowsRepository(db: Db) {
  return {
    ...shadowsReads(db),

    /**
     * Reported documents of many devices in one statement, at most one per device, each stored once:
     * the same document at the stored version (the device's report and its answer to a set both
     * carry it) is not written again. An authoritative report is otherwise always stored, and one
     * whose version is below the stored one is recorded as a 'version restarted' event (a factory
     * reset); a document from a command result is stored only when its version is newer than the
     * stored one: at the same version the device's own report is the later word (an output that was
     * starting when the device answered reports itself running, and the answer may arrive after it).
     * The device list's derived values are updated with it, and the device's organization is
     * answered. Only stored reports are answered (not a repeat, not an older result, not an unknown
     * device), so listeners hear of each version once.
     *
     * The same statement keeps the shadow's version history (shadow_versions, one row per device,
     * shadow and version): a new version or a changed document at the same version is written there,
     * and a succeeded set's answer stamps its command and user on the version it produced, whether
     * the device's own report of that version was stored before or after it (decisions: shadow
     * history). A restart drops the versions above it: they belong to the device's earlier life.
     */
    async saveReportedMany(reports: readonly ReportedDocument[]): Promise<Map<string, string | null>> {
      const input = reports.map((r) => ({
        device_guid: r.deviceGuid,
        shadow_name: r.shadowName,
        state: r.state,
        version: r.version,
        device_name: r.derived.deviceName,
        outputs_status: r.derived.outputsStatus,
        authoritative: r.authoritative,
        command_guid: r.commandGuid,
      }));
      return deviceOrgs(
        db,
        sql`
        with input as (
          -- The reports of known devices, each with its organization read by its key: joined plainly,
          -- the planner read the whole devices table for every batch, guessing a hundred reports where
          -- there are forty at most (decision 299). OFFSET 0 keeps the lookup per report.
          select i.*, d.org_guid
            from ${jsonRows(
              input,
              sql.raw(`i(device_guid uuid, shadow_name text, state jsonb, version integer, device_name text,
                         outputs_status smallint, authoritative boolean, command_guid uuid)`),
            )}
            join lateral (
              select org_guid from devices where devices.device_guid = i.device_guid offset 0
            ) d on true
        ),
        accepted as (
          select i.*, s.reported_version as previous_version, s.reported_state as previous_state
            from input i
            left join shadows s on s.device_guid = i.device_guid and s.shadow_name = i.shadow_name
           where (i.authoritative or s.reported_version is null or s.reported_version < i.version)
             -- Once per version: the second of report and answer only completes the version's history.
             and (s.reported_version is distinct from i.version or s.reported_state is distinct from i.state)
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
              -- PostgreSQL writes a new row version even for the same values: only a change is written.
              and (devices.device_name is distinct from coalesce(i.device_name, devices.device_name)
                   or devices.outputs_status is distinct from coalesce(i.outputs_status, devices.outputs_status))
        ),
        history as (
          select i.device_guid, i.shadow_name, i.version, i.org_guid, c.command_guid,
                 u.user_guid as caused_by_user_guid, u.email as caused_by_email,
                 coalesce(a.previous_version > a.version, false) as restart,
                 -- An answer not stored (the device reported this version itself) keeps the report's document.
                 case when a.device_guid is null then coalesce(v.state, i.state) else i.state end as state
            from input i
            left join accepted a on a.device_guid = i.device_guid and a.shadow_name = i.shadow_name
            left join shadow_versions v
              on v.device_guid = i.device_guid and v.shadow_name = i.shadow_name and v.version = i.version
            -- A set that moved the device past the version it was written against produced this one.
            left join shadow_commands c
              on c.command_guid = i.command_guid and c.device_guid = i.device_guid
             and c.shadow_name = i.shadow_name and c.command_type = 'set' and c.target_version < i.version
            left join users u on u.user_guid = c.created_by
           where c.command_guid is not null
              or (a.device_guid is not null
                  and (a.previous_version is distinct from a.version or a.previous_state is distinct from a.state))
        ),
        earlier_life as (
          delete from shadow_versions v using history h
           where h.restart and v.device_guid = h.device_guid and v.shadow_name = h.shadow_name
             and v.version > h.version
        ),
        restarted_version as (
          insert into shadow_versions (device_guid, shadow_name, version, org_guid, state, reported_at)
          select h.device_guid, h.shadow_name, h.version, h.org_guid, h.state, now() from history h where h.restart
          on conflict (device_guid, shadow_name, version) do update
            set org_guid = excluded.org_guid, state = excluded.state, reported_at = excluded.reported_at,
                command_guid = null, caused_by_user_guid = null, caused_by_email = null
        ),
        versioned as (
          insert into shadow_versions (device_guid, shadow_name, version, org_guid, state, reported_at,
                                       command_guid, caused_by_user_guid, caused_by_email)
          select h.device_guid, h.shadow_name, h.version, h.org_guid, h.state, now(),
                 h.command_guid, h.caused_by_user_guid, h.caused_by_email
            from history h where not h.restart
          on conflict (device_guid, shadow_name, version) do update
            set state = excluded.state,
                command_guid = coalesce(shadow_versions.command_guid, excluded.command_guid),
                caused_by_user_guid = case when shadow_versions.command_guid is null
                  then excluded.caused_by_user_guid else shadow_versions.caused_by_user_guid end,
                caused_by_email = case when shadow_versions.command_guid is null
                  then excluded.caused_by_email else shadow_versions.caused_by_email end
        )
        select s.device_guid, d.org_guid from saved s join devices d on d.device_guid = s.device_guid`,
      );
    },

    /**
     * Stores commands, and the documents their sets request as the shadows' requested state, in one
     * statement: both or neither. With `claimWhileOnline` the same statement claims their delivery
     * (as `claimDelivery` with `whileOnline`) when the device is online as it runs: the rows come back
     * with `deliveredAt` set, for this process to send, and a device that is not online finds them
     * undelivered when it connects. One statement fewer before a person's set reaches the device.
     */
    async createCommands(
      newRows: (typeof shadowCommands.$inferInsert)[],
      { claimWhileOnline = false }: { claimWhileOnline?: boolean } = {},
    ) {
      const rows = claimWhileOnline
        ? newRows.map((row) => ({ ...row, deliveredAt: deliveredNowIfOnline(row.deviceGuid) }))
        : newRows;
      const requested = rows.filter((row) => row.commandType === 'set' && row.requestedState);
      if (requested.length === 0) return db.insert(shadowCommands).values(rows).returning();
      const column = <T>(pick: (row: (typeof requested)[number]) => T) => sql.param(requested.map(pick));
      const saveRequested = db.$with('requested', {}).as(sql`
        insert into shadows (device_guid, shadow_name, requested_state, requested_at)
        select r.device_guid, r.shadow_name, r.state, now()
          from unnest(
            ${column((row) => row.deviceGuid)}::uuid[],
            ${column((row) => row.shadowName)}::text[],
            ${column((row) => JSON.stringify(row.requestedState))}::jsonb[]
          ) as r(device_guid, shadow_name, state)
        on conflict (device_guid, shadow_name) do update
          set requested_state = excluded.requested_state, requested_at = excluded.requested_at`);
      return db.with(saveRequested).insert(shadowCommands).values(rows).returning();
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
        // The device's organization comes back with it: its event belongs there.
        .returning({ ...getTableColumns(shadowCommands), orgGuid: deviceOrgGuid });
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

    /** Marks a command delivered; false when another process (or call) already claimed it. */
    async claimDelivery(deviceGuid: string, commandGuid: string) {
      const claimed = await delivery(db).execute({ deviceGuid, commandGuid, now: new Date().toISOString() });
      return claimed.length === 1;
    },

    /** Undoes a claim whose publish failed, so the command goes out on the next connection. */
    async releaseDelivery(deviceGuid: string, commandGuid: string) {
      await db
        .update(shadowCommands)
        .set({ deliveredAt: null })
        .where(and(eq(shadowCommands.deviceGuid, deviceGuid), eq(shadowCommands.commandGuid, commandGuid)));
    },
  };
}
