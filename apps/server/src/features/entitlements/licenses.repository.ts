import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { entitlementProfiles, licenseAllocations, licenses } from '../../db/tables/entitlements.schema.ts';

export interface LicenseFilter {
  orgGuid?: string;
  profileGuid?: string;
  licenseName?: string;
  salesOrder?: string;
  profilePlatform?: string;
  serialNumber?: string;
  createdStart?: Date;
  createdEnd?: Date;
  expiresStart?: Date;
  expiresEnd?: Date;
  showOrgs: boolean;
  showSerials: boolean;
}

const contains = (column: Parameters<typeof ilike>[0], text: string | undefined) =>
  text === undefined ? undefined : ilike(column, `%${escapeLike(text)}%`);

/** Devices the licence is allocated to now (pending de-allocations hold their place until done). */
const allocatedCount = sql<number>`(select count(*)::int from license_allocations c
  where c.license_id = licenses.license_id)`;

const licenseColumns = {
  licenseId: licenses.licenseId,
  licenseName: licenses.licenseName,
  salesOrder: licenses.salesOrder,
  orgGuid: licenses.orgGuid,
  serialNumber: licenses.serialNumber,
  profileGuid: licenses.profileGuid,
  profileName: entitlementProfiles.profileName,
  profilePlatform: entitlementProfiles.profilePlatform,
  unlimited: licenses.unlimited,
  allocationLimit: licenses.allocationLimit,
  allocated: allocatedCount,
  lifespanDays: licenses.lifespanDays,
  createdAt: licenses.createdAt,
  expires: licenses.expires,
};

export interface LicenseRow {
  licenseId: string;
  licenseName: string | null;
  salesOrder: string | null;
  orgGuid: string | null;
  serialNumber: string | null;
  profileGuid: string;
  profileName: string;
  profilePlatform: 'edgecaster' | 'edgecaster_max' | 'cloud_ui';
  unlimited: boolean;
  allocationLimit: number | null;
  allocated: number;
  lifespanDays: number;
  createdAt: Date;
  expires: Date;
}

/**
 * Licences and their allocations (spec 3 §3.11, §4.7), all the SQL of the licences calls. A licence
 * names its profile's name and platform from entitlement_profiles (read here directly).
 */
export function licensesRepository(db: Db) {
  const withProfile = () =>
    db
      .select(licenseColumns)
      .from(licenses)
      .innerJoin(entitlementProfiles, eq(entitlementProfiles.profileGuid, licenses.profileGuid));

  return {
    async find(licenseId: string): Promise<LicenseRow | undefined> {
      const [row] = await withProfile().where(eq(licenses.licenseId, licenseId));
      return row;
    },

    /** The licence locked for a change of its allocations or its life. */
    async lock(licenseId: string) {
      const [row] = await db
        .select({ licenseId: licenses.licenseId })
        .from(licenses)
        .where(eq(licenses.licenseId, licenseId))
        .for('update');
      return row !== undefined;
    },

    /** Newest first, `limit` rows after the (created, id) key `after`. */
    async listPage(
      filter: LicenseFilter,
      after: [string, string] | undefined,
      limit: number,
    ): Promise<LicenseRow[]> {
      const orgDevicesSerials = (orgGuid: string) =>
        sql`${licenses.serialNumber} in (select d.serial_number from devices d where d.org_guid = ${orgGuid})`;
      const conditions: (SQL | undefined)[] = [
        filter.orgGuid === undefined
          ? undefined
          : or(eq(licenses.orgGuid, filter.orgGuid), orgDevicesSerials(filter.orgGuid)),
        filter.profileGuid === undefined ? undefined : eq(licenses.profileGuid, filter.profileGuid),
        contains(licenses.licenseName, filter.licenseName),
        contains(licenses.salesOrder, filter.salesOrder),
        filter.profilePlatform === undefined
          ? undefined
          : eq(entitlementProfiles.profilePlatform, filter.profilePlatform as 'edgecaster'),
        filter.serialNumber === undefined ? undefined : eq(licenses.serialNumber, filter.serialNumber),
        filter.createdStart && gte(licenses.createdAt, filter.createdStart),
        filter.createdEnd && lte(licenses.createdAt, filter.createdEnd),
        filter.expiresStart && gte(licenses.expires, filter.expiresStart),
        filter.expiresEnd && lte(licenses.expires, filter.expiresEnd),
        filter.showOrgs ? undefined : isNull(licenses.orgGuid),
        filter.showSerials ? undefined : isNull(licenses.serialNumber),
        after
          ? sql`(${licenses.createdAt}, ${licenses.licenseId}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ];
      return withProfile()
        .where(and(...conditions))
        .orderBy(desc(licenses.createdAt), desc(licenses.licenseId))
        .limit(limit);
    },

    async findProfile(profileGuid: string) {
      const [row] = await db
        .select({
          profileGuid: entitlementProfiles.profileGuid,
          profilePlatform: entitlementProfiles.profilePlatform,
        })
        .from(entitlementProfiles)
        .where(eq(entitlementProfiles.profileGuid, profileGuid));
      return row;
    },

    async create(values: typeof licenses.$inferInsert) {
      const [row] = await db.insert(licenses).values(values).returning({ licenseId: licenses.licenseId });
      return row!.licenseId;
    },

    /** Adds days to its life; a licence that runs again will have its expiry announced again. */
    async extend(licenseId: string, days: number) {
      await db
        .update(licenses)
        .set({
          expires: sql`${licenses.expires} + make_interval(days => ${days})`,
          lifespanDays: sql`${licenses.lifespanDays} + ${days}`,
          expiryAnnouncedAt: sql`case when ${licenses.expires} + make_interval(days => ${days}) >= now()
            then null else ${licenses.expiryAnnouncedAt} end`,
        })
        .where(eq(licenses.licenseId, licenseId));
    },

    async delete(licenseId: string) {
      await db.delete(licenses).where(eq(licenses.licenseId, licenseId));
    },

    /**
     * The devices a licence reaches (whether or not it still grants): the device of its serial
     * number, its organization's devices when unlimited, the devices it is allocated to.
     */
    async devicesReached(licenseIds: readonly string[]) {
      if (licenseIds.length === 0) return [];
      const ids = sqlUuids(licenseIds);
      const result = (await db.execute(sql`
        select d.device_guid from licenses l join devices d on d.serial_number = l.serial_number
          where l.license_id = any(${ids})
        union
        select d.device_guid from licenses l join devices d on d.org_guid = l.org_guid
          where l.unlimited and l.license_id = any(${ids})
        union
        select a.device_guid from license_allocations a where a.license_id = any(${ids})`)) as unknown as {
        rows: { device_guid: string }[];
      };
      return result.rows.map((row) => row.device_guid);
    },

    /** The licences of a profile. */
    async licensesOfProfile(profileGuid: string) {
      const rows = await db
        .select({ licenseId: licenses.licenseId })
        .from(licenses)
        .where(eq(licenses.profileGuid, profileGuid));
      return rows.map((row) => row.licenseId);
    },

    /** Every device of a product: a base profile reaches them all. */
    async devicesOfProduct(productName: 'edgecaster' | 'edgecaster_max') {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid })
        .from(devices)
        .where(eq(devices.productName, productName));
      return rows.map((row) => row.deviceGuid);
    },

    /**
     * Marks the licences that have expired and were not announced yet, in one statement (each is
     * claimed by one server process); answers them.
     */
    async claimExpired(now: Date) {
      return db
        .update(licenses)
        .set({ expiryAnnouncedAt: now })
        .where(and(isNull(licenses.expiryAnnouncedAt), lte(licenses.expires, now)))
        .returning({ licenseId: licenses.licenseId, orgGuid: licenses.orgGuid });
    },

    /** The allocations of a licence by serial number, `limit` after the (serial, guid) key `after`. */
    async allocationsPage(licenseId: string, after: [string, string] | undefined, limit: number) {
      return db
        .select({
          deviceGuid: devices.deviceGuid,
          serialNumber: devices.serialNumber,
          deviceName: devices.deviceName,
          pendingDeallocation: licenseAllocations.pendingDeallocation,
        })
        .from(licenseAllocations)
        .innerJoin(devices, eq(devices.deviceGuid, licenseAllocations.deviceGuid))
        .where(
          and(
            eq(licenseAllocations.licenseId, licenseId),
            after
              ? sql`(${devices.serialNumber}, ${devices.deviceGuid}) > (${after[0]}, ${after[1]}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(devices.serialNumber), asc(devices.deviceGuid))
        .limit(limit);
    },

    /** Which of the devices are in the organization. */
    async devicesInOrg(orgGuid: string, deviceGuids: readonly string[]) {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid })
        .from(devices)
        .where(and(eq(devices.orgGuid, orgGuid), inArray(devices.deviceGuid, [...deviceGuids])));
      return new Set(rows.map((row) => row.deviceGuid));
    },

    /** Allocates (again, for a pending de-allocation) the devices; answers how many it holds now. */
    async allocate(licenseId: string, deviceGuids: readonly string[]) {
      await db
        .insert(licenseAllocations)
        .values(deviceGuids.map((deviceGuid) => ({ licenseId, deviceGuid })))
        .onConflictDoUpdate({
          target: [licenseAllocations.licenseId, licenseAllocations.deviceGuid],
          set: { pendingDeallocation: false },
        });
    },

    async allocationCount(licenseId: string, excluding: readonly string[] = []) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(licenseAllocations)
        .where(
          and(
            eq(licenseAllocations.licenseId, licenseId),
            excluding.length
              ? sql`${licenseAllocations.deviceGuid} <> all(${sqlUuids(excluding)})`
              : undefined,
          ),
        );
      return row?.count ?? 0;
    },

    /** Marks the allocations Pending De-Allocation; answers the devices that had one. */
    async markPending(licenseId: string, deviceGuids: readonly string[]) {
      const rows = await db
        .update(licenseAllocations)
        .set({ pendingDeallocation: true })
        .where(
          and(
            eq(licenseAllocations.licenseId, licenseId),
            inArray(licenseAllocations.deviceGuid, [...deviceGuids]),
          ),
        )
        .returning({ deviceGuid: licenseAllocations.deviceGuid });
      return rows.map((row) => row.deviceGuid);
    },
  };
}

const sqlUuids = (guids: readonly string[]) =>
  sql`array[${sql.join(
    guids.map((guid) => sql`${guid}::uuid`),
    sql`, `,
  )}]`;
