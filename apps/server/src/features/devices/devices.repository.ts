import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { devices } from '../../db/schema.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive name order, the same on every PostgreSQL whatever its locale. */
const deviceSortName = sql<string>`lower(${devices.deviceName}) collate "C"`;

export interface DeviceListFilter {
  /** null lists every provisioned device (platform admins). */
  orgGuid: string | null;
  serialContains?: string;
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

    async secretHash(deviceGuid: string) {
      const [row] = await db
        .select({ hash: devices.mqttSecretHash })
        .from(devices)
        .where(eq(devices.deviceGuid, deviceGuid));
      return row?.hash;
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
      if (filter.serialContains)
        where.push(ilike(devices.serialNumber, `%${escapeLike(filter.serialContains)}%`));
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
    async setOnline(deviceGuid: string, online: boolean) {
      const [row] = await db
        .update(devices)
        .set({ online, onlineChangedAt: new Date() })
        .where(eq(devices.deviceGuid, deviceGuid))
        .returning({ orgGuid: devices.orgGuid });
      return row;
    },

    async setState(deviceGuid: string, state: Record<string, unknown>) {
      const [row] = await db
        .update(devices)
        .set({ state, stateUpdatedAt: new Date() })
        .where(eq(devices.deviceGuid, deviceGuid))
        .returning({ orgGuid: devices.orgGuid });
      return row;
    },
  };
}
