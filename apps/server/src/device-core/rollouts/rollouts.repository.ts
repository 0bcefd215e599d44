import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { rolloutDevices, rollouts } from '../../db/tables/rollouts.schema.ts';
import { shadows } from '../../db/tables/shadows.schema.ts';
import {
  type RolloutDeviceRow,
  type RolloutDeviceState,
  type RolloutRow,
  rolloutDeviceColumns,
  rolloutsReads,
} from './rollouts.reads.ts';

export type NewRollout = Omit<
  typeof rollouts.$inferInsert,
  'rolloutGuid' | 'currentWave' | 'nextWaveAt' | 'lockedUntil' | 'createdAt' | 'finishedAt'
>;

/** A device whose set the device answered (or did not within the limit), with what the events need. */
export interface SettledDevice {
  rolloutGuid: string;
  deviceGuid: string;
  deviceState: RolloutDeviceState;
  commandGuid: string | null;
  message: string | null;
  orgGuid: string;
  shadowName: string;
}

/** A rollout's wave device with what sending needs of the device. */
export interface WaveDevice extends RolloutDeviceRow {
  online: boolean;
  deviceOrgGuid: string | null;
}

const OPEN: RolloutDeviceState[] = ['pending', 'sent', 'queued'];

/** Every write of rollouts (the device core's alone), with the reads spread in. */
export function rolloutsRepository(db: Db) {
  const waveDeviceColumns = {
    ...rolloutDeviceColumns,
    online: devices.online,
    deviceOrgGuid: devices.orgGuid,
  };

  return {
    ...rolloutsReads(db),

    /** The rollout and its devices, wave by wave in the order given, in one transaction. */
    async create(rollout: NewRollout, deviceGuids: readonly string[]): Promise<RolloutRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(rollouts).values(rollout).returning();
        for (let start = 0; start < deviceGuids.length; start += 1000)
          await tx.insert(rolloutDevices).values(
            deviceGuids.slice(start, start + 1000).map((deviceGuid, index) => ({
              rolloutGuid: row!.rolloutGuid,
              deviceGuid,
              position: start + index,
              wave: Math.floor((start + index) / rollout.waveSize),
            })),
          );
        return row!;
      });
    },

    /**
     * Claims up to `limit` running rollouts no process holds (or whose holder's lease lapsed) until
     * `leaseUntil`, in one statement; `for update skip locked` lets processes claim side by side.
     */
    async claimRunning(now: Date, leaseUntil: Date, limit: number): Promise<RolloutRow[]> {
      const due = db
        .select({ guid: rollouts.rolloutGuid })
        .from(rollouts)
        .where(
          and(
            eq(rollouts.rolloutState, 'running'),
            or(isNull(rollouts.lockedUntil), lt(rollouts.lockedUntil, now)),
          ),
        )
        .orderBy(rollouts.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(rollouts)
        .set({ lockedUntil: leaseUntil })
        .where(inArray(rollouts.rolloutGuid, due))
        .returning();
    },

    /** Gives a claimed rollout back (only the claim that holds it, by its lease). */
    async release(rolloutGuid: string, leaseUntil: Date) {
      await db
        .update(rollouts)
        .set({ lockedUntil: null })
        .where(and(eq(rollouts.rolloutGuid, rolloutGuid), eq(rollouts.lockedUntil, leaseUntil)));
    },

    /** The devices of one wave, or the queued ones of every wave, with whether each is online now. */
    async devicesOf(rolloutGuid: string, which: { wave: number } | { queued: true }): Promise<WaveDevice[]> {
      const condition =
        'wave' in which
          ? eq(rolloutDevices.wave, which.wave)
          : eq(rolloutDevices.deviceState, 'queued' as RolloutDeviceState);
      return db
        .select(waveDeviceColumns)
        .from(rolloutDevices)
        .innerJoin(devices, eq(devices.deviceGuid, rolloutDevices.deviceGuid))
        .where(and(eq(rolloutDevices.rolloutGuid, rolloutGuid), condition))
        .orderBy(rolloutDevices.position);
    },

    /** The devices about to be sent to, whole, and their reported documents of `shadowName`, in two statements. */
    async sendingContext(deviceGuids: readonly string[], shadowName: string) {
      if (!deviceGuids.length) return { rows: new Map(), documents: new Map() };
      const [rows, documents] = await Promise.all([
        db
          .select()
          .from(devices)
          .where(inArray(devices.deviceGuid, [...deviceGuids])),
        db
          .select({
            deviceGuid: shadows.deviceGuid,
            reportedState: shadows.reportedState,
            reportedVersion: shadows.reportedVersion,
          })
          .from(shadows)
          .where(and(inArray(shadows.deviceGuid, [...deviceGuids]), eq(shadows.shadowName, shadowName))),
      ]);
      return {
        rows: new Map(rows.map((row) => [row.deviceGuid, row])),
        documents: new Map(documents.map((document) => [document.deviceGuid, document])),
      };
    },

    /** A device's set went out: only from pending or queued, so a step run twice sends once. */
    async markSent(rolloutGuid: string, deviceGuid: string, commandGuid: string) {
      const rows = await db
        .update(rolloutDevices)
        .set({ deviceState: 'sent', commandGuid, sentAt: new Date(), message: null, errorCode: null })
        .where(
          and(
            eq(rolloutDevices.rolloutGuid, rolloutGuid),
            eq(rolloutDevices.deviceGuid, deviceGuid),
            inArray(rolloutDevices.deviceState, ['pending', 'queued']),
          ),
        )
        .returning({ deviceGuid: rolloutDevices.deviceGuid });
      return rows.length > 0;
    },

    /** Moves devices from one of `from` to `to` (skipped, queued, rejected, cancelled); answers those moved. */
    async markDevices(input: {
      rolloutGuid: string;
      deviceGuids?: readonly string[];
      from: readonly RolloutDeviceState[];
      to: RolloutDeviceState;
      message?: string | null;
      errorCode?: string | null;
    }): Promise<string[]> {
      const where = [
        eq(rolloutDevices.rolloutGuid, input.rolloutGuid),
        inArray(rolloutDevices.deviceState, [...input.from]),
      ];
      if (input.deviceGuids) {
        if (!input.deviceGuids.length) return [];
        where.push(inArray(rolloutDevices.deviceGuid, [...input.deviceGuids]));
      }
      const settled = input.to !== 'queued' && input.to !== 'pending';
      const rows = await db
        .update(rolloutDevices)
        .set({
          deviceState: input.to,
          message: input.message ?? null,
          errorCode: input.errorCode ?? null,
          finishedAt: settled ? new Date() : null,
        })
        .where(and(...where))
        .returning({ deviceGuid: rolloutDevices.deviceGuid });
      return rows.map((row) => row.deviceGuid);
    },

    /**
     * Settles every sent device whose set is finished (acknowledged, timed_out on DEVICE_TIMEOUT,
     * rejected otherwise) or is still unanswered `limitMs` after it was sent, in one statement: a
     * device settled by another process meanwhile is not settled twice.
     */
    async settleAnswered(cutoff: Date): Promise<SettledDevice[]> {
      const result = (await db.execute(sql`
        update rollout_devices rd set
          device_state = case
            when c.command_state = 'succeeded' then 'acknowledged'
            when c.command_state = 'failed' and c.response->>'error_code' = 'DEVICE_TIMEOUT' then 'timed_out'
            when c.command_state = 'failed' then 'rejected'
            else 'timed_out' end,
          message = case when c.command_state = 'pending' then 'The device did not answer in time.'
            else c.response->>'message' end,
          error_code = case when c.command_state = 'pending' then 'DEVICE_TIMEOUT'
            else c.response->>'error_code' end,
          finished_at = coalesce(c.finished_at, now())
        from shadow_commands c, rollouts r
        where c.command_guid = rd.command_guid
          and r.rollout_guid = rd.rollout_guid
          and rd.device_state = 'sent'
          and (c.command_state <> 'pending' or rd.sent_at < ${cutoff.toISOString()}::timestamptz)
        returning rd.rollout_guid, rd.device_guid, rd.device_state, rd.command_guid, rd.message,
          r.org_guid, r.shadow_name`)) as unknown as {
        rows: {
          rollout_guid: string;
          device_guid: string;
          device_state: RolloutDeviceState;
          command_guid: string | null;
          message: string | null;
          org_guid: string;
          shadow_name: string;
        }[];
      };
      return result.rows.map((row) => ({
        rolloutGuid: row.rollout_guid,
        deviceGuid: row.device_guid,
        deviceState: row.device_state,
        commandGuid: row.command_guid,
        message: row.message,
        orgGuid: row.org_guid,
        shadowName: row.shadow_name,
      }));
    },

    /** The first device that rejected or did not answer, for the stop's reason. */
    async firstFailure(rolloutGuid: string) {
      const [row] = await db
        .select({
          deviceGuid: rolloutDevices.deviceGuid,
          deviceState: rolloutDevices.deviceState,
          message: rolloutDevices.message,
          deviceName: devices.deviceName,
          serialNumber: devices.serialNumber,
        })
        .from(rolloutDevices)
        .leftJoin(devices, eq(devices.deviceGuid, rolloutDevices.deviceGuid))
        .where(
          and(
            eq(rolloutDevices.rolloutGuid, rolloutGuid),
            inArray(rolloutDevices.deviceState, ['rejected', 'timed_out']),
          ),
        )
        .orderBy(rolloutDevices.finishedAt, rolloutDevices.position)
        .limit(1);
      return row;
    },

    /** How many of a rollout's devices still wait for something (pending, sent, queued). */
    async openCount(rolloutGuid: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(rolloutDevices)
        .where(and(eq(rolloutDevices.rolloutGuid, rolloutGuid), inArray(rolloutDevices.deviceState, OPEN)));
      return row?.count ?? 0;
    },

    /** Changes the rollout's own row if it is in one of `from`; answers it, or undefined when it was not. */
    async update(
      rolloutGuid: string,
      from: readonly RolloutRow['rolloutState'][],
      change: Partial<
        Pick<RolloutRow, 'rolloutState' | 'stopReason' | 'currentWave' | 'nextWaveAt' | 'finishedAt'>
      >,
    ): Promise<RolloutRow | undefined> {
      const [row] = await db
        .update(rollouts)
        .set(change)
        .where(and(eq(rollouts.rolloutGuid, rolloutGuid), inArray(rollouts.rolloutState, [...from])))
        .returning();
      return row;
    },
  };
}
