import { alertStoreStart } from '@ec/contract/alerts';
import type { DeviceStatusFilter } from '@ec/contract/devices';
import { STREAMING_STATUS } from '@ec/contract/streaming-status';
import { and, asc, eq, exists, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { activeAlertCountOf } from '../../db/active-alerts.ts';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { escapeLike, sortNameOf } from '../../db/sql-helpers.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { fleetDevices } from '../../db/tables/fleets.schema.ts';
import {
  type DeviceGrants,
  grantedToUser,
  grantSubqueries,
  grantsFrom,
} from '../device-users/device-users.reads.ts';

export type DeviceRow = typeof devices.$inferSelect;

const deviceSortName = sortNameOf(devices.deviceName);

export interface DeviceListFilter {
  /** null lists every provisioned device (platform admins). */
  orgGuid: string | null;
  /** Only the devices granted to this user as a device user, in their current organization. */
  grantedTo?: string;
  /** Only the devices of this fleet (spec 2 §2.6), in the organization they were added in. */
  fleetGuid?: string;
  serialContains?: string;
  nameContains?: string;
  productNames?: readonly string[];
  /** Only the devices online, or streaming (the presenter's streaming status 1). */
  status?: DeviceStatusFilter;
  /** Only these devices (a lookup of the devices another list names). */
  deviceGuids?: readonly string[];
  after?: [string, string];
  limit: number;
}

/**
 * The devices of a status filter, as the presenter's `streamingStatusOf` judges them: streaming needs a
 * state, the connection and outputs that stream. No index of its own: the list walks the organization's
 * name index and stops at a page (decision 241).
 */
const hasStatus = (status: DeviceStatusFilter): SQL =>
  status === 'online'
    ? eq(devices.online, true)
    : (and(
        eq(devices.online, true),
        isNotNull(devices.state),
        eq(devices.outputsStatus, STREAMING_STATUS.streaming),
      ) as SQL);

/** The device is in the fleet, added in the organization it is in now. */
const inFleet = (db: Db, fleetGuid: string) =>
  exists(
    db
      .select({ deviceGuid: fleetDevices.deviceGuid })
      .from(fleetDevices)
      .where(
        and(
          eq(fleetDevices.fleetGuid, fleetGuid),
          eq(fleetDevices.deviceGuid, devices.deviceGuid),
          eq(fleetDevices.orgGuid, devices.orgGuid),
        ),
      ),
  );

const deviceWithGrants = preparedStatement((db) =>
  db
    .select({
      device: devices,
      ...grantSubqueries(db, {
        deviceGuid: devices.deviceGuid,
        orgGuid: devices.orgGuid,
        userGuid: sql.placeholder('userGuid'),
      }),
    })
    .from(devices)
    .where(eq(devices.deviceGuid, sql.placeholder('deviceGuid')))
    .prepare('device_with_grants'),
);

/**
 * What the rest of the server reads of devices: queries that change and lock nothing. Every write is
 * the device core's (devices.repository.ts, through its services).
 */
export function devicesReads(db: Db) {
  return {
    async findByGuid(deviceGuid: string) {
      const [row] = await db.select().from(devices).where(eq(devices.deviceGuid, deviceGuid));
      return row;
    },

    /**
     * The device and what grants `userGuid` access to it in its organization, in one prepared
     * statement: every device call starts with it (no grants for an unadopted device).
     */
    async findWithGrants(
      deviceGuid: string,
      userGuid: string,
    ): Promise<{ device: DeviceRow; grants: DeviceGrants } | undefined> {
      const [row] = await deviceWithGrants(db).execute({ deviceGuid, userGuid });
      return row && { device: row.device, grants: grantsFrom(row) };
    },

    async isOnline(deviceGuid: string) {
      const [row] = await db
        .select({ online: devices.online })
        .from(devices)
        .where(eq(devices.deviceGuid, deviceGuid));
      return row?.online === true;
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

    /** The product of each device, by guid (devices that do not exist are left out). */
    async productsOf(deviceGuids: readonly string[]): Promise<Map<string, DeviceRow['productName']>> {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid, productName: devices.productName })
        .from(devices)
        .where(inArray(devices.deviceGuid, [...deviceGuids]));
      return new Map(rows.map((row) => [row.deviceGuid, row.productName]));
    },

    /** The link secret digests of many devices at once (a fleet connecting), by device guid. */
    async secretHashes(deviceGuids: readonly string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid, hash: devices.mqttSecretHash })
        .from(devices)
        .where(inArray(devices.deviceGuid, [...deviceGuids]));
      return new Map(rows.map((row) => [row.deviceGuid, row.hash]));
    },

    /**
     * One page sorted by device name then guid, the list's default order (spec 2 §2.3), each device
     * with its count of active alerts (its status label and device label show them).
     */
    async list(filter: DeviceListFilter) {
      const where = [];
      if (filter.orgGuid) where.push(eq(devices.orgGuid, filter.orgGuid));
      if (filter.grantedTo) where.push(grantedToUser(db, devices, filter.grantedTo));
      if (filter.fleetGuid) where.push(inFleet(db, filter.fleetGuid));
      if (filter.serialContains)
        where.push(ilike(devices.serialNumber, `%${escapeLike(filter.serialContains)}%`));
      if (filter.nameContains) where.push(ilike(devices.deviceName, `%${escapeLike(filter.nameContains)}%`));
      if (filter.productNames?.length) {
        where.push(inArray(devices.productName, filter.productNames as DeviceRow['productName'][]));
      }
      if (filter.status) where.push(hasStatus(filter.status));
      if (filter.deviceGuids) where.push(inArray(devices.deviceGuid, [...filter.deviceGuids]));
      if (filter.after) {
        const [name, guid] = filter.after;
        where.push(sql`(${deviceSortName}, ${devices.deviceGuid}) > (${name} collate "C", ${guid})`);
      }
      return db
        .select({
          device: devices,
          sortName: deviceSortName,
          alertCount: activeAlertCountOf(
            { deviceGuid: sql`${devices}.device_guid`, orgGuid: sql`${devices}.org_guid` },
            alertStoreStart(),
          ),
        })
        .from(devices)
        .where(and(...where))
        .orderBy(deviceSortName, asc(devices.deviceGuid))
        .limit(filter.limit);
    },

    /**
     * An organization's (or one of its fleets') device count and the guids of those online and of
     * those streaming (state reported, online, an output streaming: spec 2 §4.1 code 1), counted by
     * PostgreSQL: at 10,000 devices a quarter of the time of reading every row here.
     */
    async countsForOrg(orgGuid: string, fleetGuid?: string) {
      const [counts] = await db
        .select({
          total: sql<number>`count(*)::int`,
          online: sql<
            string[]
          >`coalesce(json_agg(${devices.deviceGuid}) filter (where ${devices.online}), '[]')`,
          streaming: sql<string[]>`coalesce(json_agg(${devices.deviceGuid}) filter (where ${devices.online}
            and ${devices.state} is not null and ${devices.outputsStatus} = ${STREAMING_STATUS.streaming}), '[]')`,
        })
        .from(devices)
        .where(and(eq(devices.orgGuid, orgGuid), fleetGuid ? inFleet(db, fleetGuid) : undefined));
      return counts!;
    },
  };
}
