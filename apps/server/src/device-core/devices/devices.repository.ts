import type { MetadataEntry } from '@ec/contract/device-metadata';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceOrgs } from '../../db/device-orgs.ts';
import { jsonRows } from '../../db/sql-helpers.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { devicesReads } from './devices.reads.ts';

export type NewDevice = typeof devices.$inferInsert;

/** Every write to devices (the device core's alone), with the reads of devices.reads.ts. */
export function devicesRepository(db: Db) {
  return {
    ...devicesReads(db),

    async insertMany(rows: NewDevice[]) {
      return db.insert(devices).values(rows).returning();
    },

    /**
     * The metadata of a device in `orgGuid`, its row locked until the transaction ends, so that a save
     * merges into what it read (undefined: not a device of that organization).
     */
    async lockMetadata(deviceGuid: string, orgGuid: string): Promise<MetadataEntry[] | undefined> {
      const [row] = await db
        .select({ metadata: devices.metadata })
        .from(devices)
        .where(and(eq(devices.deviceGuid, deviceGuid), eq(devices.orgGuid, orgGuid)))
        .for('update');
      return row?.metadata;
    },

    async setMetadata(deviceGuid: string, metadata: MetadataEntry[]) {
      await db.update(devices).set({ metadata }).where(eq(devices.deviceGuid, deviceGuid));
    },

    /** Adopts a device that no organization holds; answers undefined when another one got it first. */
    async adopt(deviceGuid: string, orgGuid: string) {
      const [row] = await db
        .update(devices)
        .set({ orgGuid, adoptedAt: new Date(), metadata: [] })
        .where(and(eq(devices.deviceGuid, deviceGuid), isNull(devices.orgGuid)))
        .returning();
      return row;
    },

    async forget(deviceGuid: string, orgGuid: string) {
      const [row] = await db
        .update(devices)
        .set({ orgGuid: null, adoptedAt: null, metadata: [] })
        .where(and(eq(devices.deviceGuid, deviceGuid), eq(devices.orgGuid, orgGuid)))
        .returning();
      return row;
    },

    /**
     * Marks many devices online or offline in one statement (one change per device); answers the
     * organization of each device that exists.
     */
    async setOnlineMany(
      changes: readonly { deviceGuid: string; online: boolean }[],
    ): Promise<Map<string, string | null>> {
      return deviceOrgs(
        db,
        sql`
        update devices set online = c.online, online_changed_at = now()
          from unnest(${sql.param(changes.map((c) => c.deviceGuid))}::uuid[],
                      ${sql.param(changes.map((c) => c.online))}::boolean[]) as c(device_guid, online)
          where devices.device_guid = c.device_guid
          returning devices.device_guid, devices.org_guid`,
      );
    },

    /** Stores the state many devices published, in one statement (one state per device). */
    async setStateMany(
      states: readonly { deviceGuid: string; state: Record<string, unknown> }[],
    ): Promise<Map<string, string | null>> {
      return deviceOrgs(
        db,
        sql`
        update devices set state = s.state, state_updated_at = now()
          from ${jsonRows(
            states.map((s) => ({ device_guid: s.deviceGuid, state: s.state })),
            sql.raw('s(device_guid uuid, state jsonb)'),
          )}
          where devices.device_guid = s.device_guid
          returning devices.device_guid, devices.org_guid`,
      );
    },
  };
}
