import { type AnyColumn, and, eq, exists, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { deviceUsers } from '../../db/tables/device-users.schema.ts';
import { fleetDevices, fleetUsers } from '../../db/tables/fleets.schema.ts';
import { orgUsers } from '../../db/tables/orgs.schema.ts';

/**
 * A row of the device's user list: its own users, the organization's members and the users of the
 * fleets holding it (both managed there).
 */
export interface DeviceUserListRow {
  userGuid: string;
  name: string;
  email: string;
  access: number;
  managedBy: 'org' | 'fleet' | null;
  /** The fleet granting a `fleet` row: the one with the highest access when several do. */
  fleetGuid: string | null;
  sortName: string;
}

/** Which source a row comes from, the list's third sort key: own, membership, fleet. */
export const DEVICE_USER_SOURCES = { own: 0, org: 1, fleet: 2 } as const;

/** The list's order: name, then guid, then a user's own row, their membership's, their fleet's. */
export type DeviceUserPageKey = [string, string, number];

const managerOf = (source: number): DeviceUserListRow['managedBy'] => {
  if (source === DEVICE_USER_SOURCES.org) return 'org';
  if (source === DEVICE_USER_SOURCES.fleet) return 'fleet';
  return null;
};

/**
 * A condition for lists of an organization's devices: the device (its guid and organization columns)
 * is granted to `userGuid` as a device user or through a fleet holding it (a person who is not a member
 * sees only those).
 */
export function grantedToUser(
  db: Db,
  device: { deviceGuid: AnyColumn; orgGuid: AnyColumn },
  userGuid: string,
): SQL {
  const of = { ...device, userGuid };
  const asDeviceUser = exists(
    db.select({ deviceGuid: deviceUsers.deviceGuid }).from(deviceUsers).where(ownDeviceUserRow(of)),
  );
  const throughFleet = exists(
    db
      .select({ deviceGuid: fleetDevices.deviceGuid })
      .from(fleetDevices)
      .innerJoin(fleetUsers, eq(fleetUsers.fleetGuid, fleetDevices.fleetGuid))
      .where(fleetUserRows(of)),
  );
  return or(asDeviceUser, throughFleet)!;
}

/** A person and a device in its organization, each a value, a column or a placeholder. */
interface Grantee {
  deviceGuid: GrantOperand;
  orgGuid: GrantOperand;
  userGuid: GrantOperand;
}

type GrantOperand = string | AnyColumn | SQL.Aliased | Placeholder;

/** The person's own row among the device's users. */
const ownDeviceUserRow = (of: Grantee) =>
  and(
    eq(deviceUsers.deviceGuid, of.deviceGuid),
    eq(deviceUsers.orgGuid, of.orgGuid),
    eq(deviceUsers.userGuid, of.userGuid),
  );

/** The person's rows as a user of the fleets holding the device (fleet_devices joined to fleet_users). */
const fleetUserRows = (of: Grantee) =>
  and(
    eq(fleetDevices.deviceGuid, of.deviceGuid),
    eq(fleetDevices.orgGuid, of.orgGuid),
    eq(fleetUsers.userGuid, of.userGuid),
  );

/** The grants of a person in an organization: as a device user, and through fleets (each device once). */
const grantsIn = (orgGuid: string, userGuid: string) => sql`
  select device_guid from device_users where org_guid = ${orgGuid} and user_guid = ${userGuid}
  union
  select fd.device_guid from fleet_devices fd join fleet_users fu on fu.fleet_guid = fd.fleet_guid
    where fd.org_guid = ${orgGuid} and fu.user_guid = ${userGuid}`;

/** What grants a person access to a device in its current organization. */
export interface DeviceGrants {
  orgAccess: number | null;
  deviceAccess: number | null;
  fleetAccesses: number[];
}

/**
 * The three sources of a person's access to a device, each a subquery: their membership's access and
 * their own access as a device user, each null when none, and their access in each fleet holding the
 * device. The device, its organization and the person are values, columns or placeholders, so that
 * the device read can carry them along (devices.reads.ts `findWithGrants`).
 */
export function grantSubqueries(db: Db, of: Grantee) {
  const orgAccess = db
    .select({ access: orgUsers.access })
    .from(orgUsers)
    .where(and(eq(orgUsers.orgGuid, of.orgGuid), eq(orgUsers.userGuid, of.userGuid)));
  const deviceAccess = db
    .select({ access: deviceUsers.access })
    .from(deviceUsers)
    .where(ownDeviceUserRow(of));
  const fleetAccesses = db
    .select({ accesses: sql`coalesce(array_agg(${fleetUsers.access}), '{}')` })
    .from(fleetDevices)
    .innerJoin(fleetUsers, eq(fleetUsers.fleetGuid, fleetDevices.fleetGuid))
    .where(fleetUserRows(of));
  return {
    orgAccess: sql<number | null>`(${orgAccess})`,
    deviceAccess: sql<number | null>`(${deviceAccess})`,
    fleetAccesses: sql<number[] | null>`(${fleetAccesses})`,
  };
}

/** The grants as the subqueries answer them (no fleet: an empty list). */
export const grantsFrom = (row: {
  orgAccess: number | null;
  deviceAccess: number | null;
  fleetAccesses: number[] | null;
}): DeviceGrants => ({
  orgAccess: row.orgAccess,
  deviceAccess: row.deviceAccess,
  fleetAccesses: (row.fleetAccesses ?? []).map(Number),
});

/**
 * What the rest of the server reads of device users: queries that change and lock nothing.
 * `deviceGuid` with `orgGuid` names the device in its current adoption. Every write is the device
 * core's (device-users.repository.ts, through the device users service).
 */
export function deviceUsersReads(db: Db) {
  return {
    /**
     * What grants the person access to the device in its current organization, in one statement:
     * their membership's access and their own access as a device user, each null when none, and their
     * access in each fleet holding the device.
     */
    async grantsOf(deviceGuid: string, orgGuid: string, userGuid: string): Promise<DeviceGrants> {
      const grants = grantSubqueries(db, { deviceGuid, orgGuid, userGuid });
      const result = (await db.execute(
        sql`select ${grants.orgAccess} as org_access, ${grants.deviceAccess} as device_access, ${grants.fleetAccesses} as fleet_accesses`,
      )) as unknown as {
        rows: { org_access: number | null; device_access: number | null; fleet_accesses: number[] | null }[];
      };
      const [row] = result.rows;
      return grantsFrom({
        orgAccess: row?.org_access ?? null,
        deviceAccess: row?.device_access ?? null,
        fleetAccesses: row?.fleet_accesses ?? null,
      });
    },

    /**
     * Whether the person has a grant on any device of the organization (a device of a fleet of theirs
     * counts once it is adopted there: fleet devices belong to the fleet's organization).
     */
    async hasGrantIn(orgGuid: string, userGuid: string): Promise<boolean> {
      const result = (await db.execute(
        sql`select exists(${grantsIn(orgGuid, userGuid)}) as granted`,
      )) as unknown as {
        rows: { granted: boolean }[];
      };
      return result.rows[0]?.granted === true;
    },

    /** The devices of the organization granted to the person (the live channel's filter). */
    async grantedDevices(orgGuid: string, userGuid: string): Promise<Set<string>> {
      const result = (await db.execute(grantsIn(orgGuid, userGuid))) as unknown as {
        rows: { device_guid: string }[];
      };
      return new Set(result.rows.map((row) => row.device_guid));
    },

    /**
     * One page of the user list by name: the device's own users, the organization's members
     * (managed_by org) and the users of the fleets holding the device (managed_by fleet, one row per
     * person: the fleet granting the most), all of the device's current organization.
     */
    async listPage(input: {
      deviceGuid: string;
      orgGuid: string;
      after?: DeviceUserPageKey;
      limit: number;
    }): Promise<DeviceUserListRow[]> {
      const after = input.after
        ? sql`where (sort_name, user_guid, source) > (${input.after[0]} collate "C", ${input.after[1]}::uuid, ${input.after[2]}::int)`
        : sql``;
      const result = await db.execute(sql`
        select user_guid, name, email, access, source, fleet_guid, sort_name from (
          select u.user_guid, u.name, u.email, d.access, 0 as source, null::uuid as fleet_guid,
              lower(u.name) collate "C" as sort_name
            from device_users d join users u on u.user_guid = d.user_guid
            where d.device_guid = ${input.deviceGuid} and d.org_guid = ${input.orgGuid}
          union all
          select u.user_guid, u.name, u.email, m.access, 1 as source, null::uuid as fleet_guid,
              lower(u.name) collate "C" as sort_name
            from org_users m join users u on u.user_guid = m.user_guid
            where m.org_guid = ${input.orgGuid}
          union all
          select u.user_guid, u.name, u.email, f.access, 2 as source, f.fleet_guid,
              lower(u.name) collate "C" as sort_name
            from (
              select distinct on (fu.user_guid) fu.user_guid, fu.access, fu.fleet_guid
                from fleet_devices fd join fleet_users fu on fu.fleet_guid = fd.fleet_guid
                where fd.device_guid = ${input.deviceGuid} and fd.org_guid = ${input.orgGuid}
                order by fu.user_guid, fu.access desc, fu.fleet_guid
            ) f join users u on u.user_guid = f.user_guid
        ) listed
        ${after}
        order by sort_name, user_guid, source
        limit ${input.limit}`);
      // A raw statement (a keyset over a union): node-postgres answers its rows as they are.
      const { rows } = result as unknown as { rows: Record<string, unknown>[] };
      return rows.map((row) => ({
        userGuid: String(row.user_guid),
        name: String(row.name),
        email: String(row.email),
        access: Number(row.access),
        managedBy: managerOf(Number(row.source)),
        fleetGuid: row.fleet_guid === null ? null : String(row.fleet_guid),
        sortName: String(row.sort_name),
      }));
    },

    /** Which of `userGuids` are members of the organization. */
    async membersAmong(orgGuid: string, userGuids: readonly string[]): Promise<Set<string>> {
      const rows = await db
        .select({ userGuid: orgUsers.userGuid })
        .from(orgUsers)
        .where(and(eq(orgUsers.orgGuid, orgGuid), inArray(orgUsers.userGuid, [...userGuids])));
      return new Set(rows.map((row) => row.userGuid));
    },

    /** Whether an account of this address (any case) is a user of the device in its organization. */
    async isDeviceUserEmail(deviceGuid: string, orgGuid: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ userGuid: deviceUsers.userGuid })
        .from(deviceUsers)
        .innerJoin(users, eq(users.userGuid, deviceUsers.userGuid))
        .where(
          and(
            eq(deviceUsers.deviceGuid, deviceGuid),
            eq(deviceUsers.orgGuid, orgGuid),
            eq(sql`lower(${users.email})`, email.toLowerCase()),
          ),
        );
      return Boolean(row);
    },
  };
}
