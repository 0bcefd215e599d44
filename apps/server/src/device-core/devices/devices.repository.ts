import type { MetadataEntry } from '@ec/contract/device-metadata';
import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceOrgs } from '../../db/device-orgs.ts';
import { escapeLike, sortNameOf } from '../../db/sql-helpers.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { grantedToUser } from '../device-users/device-users.repository.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;

const deviceSortName = sortNameOf(devices.deviceName);

export interface DeviceListFilter {
  /** null lists every provisioned device (platform admins). */
  orgGuid: string | null;
  /** Only the devices granted to this user (device users; fleets when they exist), in their current organization. */
  grantedTo?: string;
  serialContains?: string;
  nameContains?: string;
  productNames?: readonly string[];
  after?: [string, string];
  limit: number;
}

export function devicesRepository(db: Db) {
  return {
    async insertMany(rows: NewDevice[]) {
      return db.insert(devices).values(rows).returning();
    },

    async findByGuid(deviceGuid: string) {
      const [row] = await db.select().from(devices).where(eq(devices.deviceGuid, deviceGuid));
      return row;
    },

    async isOnline(deviceGuid: string) {
      const [row] = await db
        .select({ online: devices.online })
        .from(devices)
        .where(eq(devices.deviceGuid, deviceGuid));
      return row?.online === true;
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

    /** Just the organization of a device (undefined: no such device; null: not adopted). */
    async orgOf(deviceGuid: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ orgGuid: devices.orgGuid })
        .from(devices)
        .where(eq(devices.deviceGuid, deviceGuid));
      return row?.orgGuid;
    },

    async findBySerial(serialNumber: string) {
      const [row] = await db.select().from(devices).where(eq(devices.serialNumber, serialNumber));
      return row;
    },

    /** The link secret digests of many devices at once (a fleet connecting), by device guid. */
    /** The product of each device, by guid (devices that do not exist are left out). */
    async productsOf(deviceGuids: readonly string[]): Promise<Map<string, DeviceRow['productName']>> {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid, productName: devices.productName })
        .from(devices)
        .where(inArray(devices.deviceGuid, [...deviceGuids]));
      return new Map(rows.map((row) => [row.deviceGuid, row.productName]));
    },

    async secretHashes(deviceGuids: readonly string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid, hash: devices.mqttSecretHash })
        .from(devices)
        .where(inArray(devices.deviceGuid, [...deviceGuids]));
      return new Map(rows.map((row) => [row.deviceGuid, row.hash]));
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

    /** One page sorted by device name then guid, the list's default order (spec 2 §2.3). */
    async list(filter: DeviceListFilter) {
      const where = [];
      if (filter.orgGuid) where.push(eq(devices.orgGuid, filter.orgGuid));
      if (filter.grantedTo) where.push(grantedToUser(db, devices, filter.grantedTo));
      if (filter.serialContains)
        where.push(ilike(devices.serialNumber, `%${escapeLike(filter.serialContains)}%`));
      if (filter.nameContains) where.push(ilike(devices.deviceName, `%${escapeLike(filter.nameContains)}%`));
      if (filter.productNames?.length) {
        where.push(inArray(devices.productName, filter.productNames as DeviceRow['productName'][]));
      }
      if (filter.after) {
        const [name, guid] = filter.after;
        where.push(sql`(${deviceSortName}, ${devices.deviceGuid}) > (${name} collate "C", ${guid})`);
      }
      return db
        .select({ device: devices, sortName: deviceSortName })
        .from(devices)
        .where(and(...where))
        .orderBy(deviceSortName, asc(devices.deviceGuid))
        .limit(filter.limit);
    },

    async listForOrg(orgGuid: string) {
      return db
        .select({
          deviceGuid: devices.deviceGuid,
          online: devices.online,
          state: devices.state,
          outputsStatus: devices.outputsStatus,
        })
        .from(devices)
        .where(eq(devices.orgGuid, orgGuid));
    },

    /** Records a connection change; answers the device's organization, or undefined for an unknown device. */
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
          from unnest(${sql.param(states.map((s) => s.deviceGuid))}::uuid[],
                      ${sql.param(states.map((s) => JSON.stringify(s.state)))}::jsonb[]) as s(device_guid, state)
          where devices.device_guid = s.device_guid
          returning devices.device_guid, devices.org_guid`,
      );
    },
  };
}
