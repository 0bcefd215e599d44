import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { isActiveAlertSince } from '../../db/active-alerts.ts';
import type { Db } from '../../db/database.ts';
import { escapeLike, sortNameOf } from '../../db/sql-helpers.ts';
import { alerts } from '../../db/tables/alerts.schema.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { fleetDevices, fleets, fleetUsers } from '../../db/tables/fleets.schema.ts';
import { orgUsers } from '../../db/tables/orgs.schema.ts';
import { grantedToUser } from '../../device-core/device-users/device-users.reads.ts';

const fleetSortName = sortNameOf(fleets.fleetName);

/** A fleet with the caller's access through its organization and as its user (null: none). */
export interface FleetWithAccess {
  fleetGuid: string;
  orgGuid: string;
  fleetName: string;
  createdAt: Date;
  orgAccess: number | null;
  fleetAccess: number | null;
}

/** A row of the fleet users table: the fleet's own users and the organization's members (managed there). */
export interface FleetUserListRow {
  userGuid: string;
  name: string;
  email: string;
  access: number;
  managedBy: 'org' | null;
  sortName: string;
}

/** A fleet device counts while the device is still in the organization it was added in. */
const inFleet = (fleetGuid: string) =>
  and(
    eq(fleetDevices.fleetGuid, fleetGuid),
    eq(devices.deviceGuid, fleetDevices.deviceGuid),
    eq(devices.orgGuid, fleetDevices.orgGuid),
  );

/** Fleets, their devices and their users (spec 2 §2.6): all the SQL of the fleets feature. */
export function fleetsRepository(db: Db) {
  return {
    async create(orgGuid: string, fleetName: string) {
      const [fleet] = await db.insert(fleets).values({ orgGuid, fleetName }).returning();
      return fleet!;
    },

    /** The fleet and the person's access to it, in one statement. */
    async findWithAccess(fleetGuid: string, userGuid: string): Promise<FleetWithAccess | undefined> {
      const [row] = await db
        .select({
          fleetGuid: fleets.fleetGuid,
          orgGuid: fleets.orgGuid,
          fleetName: fleets.fleetName,
          createdAt: fleets.createdAt,
          // Written out: drizzle leaves a lone table's columns unqualified in the selected fields.
          orgAccess: sql<number | null>`(select m.access from org_users m
            where m.org_guid = fleets.org_guid and m.user_guid = ${userGuid})`,
          fleetAccess: sql<number | null>`(select u.access from fleet_users u
            where u.fleet_guid = fleets.fleet_guid and u.user_guid = ${userGuid})`,
        })
        .from(fleets)
        .where(eq(fleets.fleetGuid, fleetGuid));
      return row;
    },

    /**
     * One page of an organization's fleets by name, each with the person's own access as its user;
     * `assignedOnly` keeps the fleets they are a user of.
     */
    async listPage(input: {
      /** Null: the person's fleets of every organization (assignedOnly). */
      orgGuid: string | null;
      userGuid: string;
      assignedOnly: boolean;
      nameContains?: string;
      after?: [string, string];
      limit: number;
    }) {
      const where: (SQL | undefined)[] = [input.orgGuid ? eq(fleets.orgGuid, input.orgGuid) : undefined];
      if (input.assignedOnly) where.push(sql`${fleetUsers.userGuid} is not null`);
      if (input.nameContains) where.push(ilike(fleets.fleetName, `%${escapeLike(input.nameContains)}%`));
      if (input.after) {
        const [name, guid] = input.after;
        where.push(sql`(${fleetSortName}, ${fleets.fleetGuid}) > (${name} collate "C", ${guid})`);
      }
      return db
        .select({
          fleetGuid: fleets.fleetGuid,
          orgGuid: fleets.orgGuid,
          fleetName: fleets.fleetName,
          createdAt: fleets.createdAt,
          fleetAccess: fleetUsers.access,
          sortName: fleetSortName,
        })
        .from(fleets)
        .leftJoin(
          fleetUsers,
          and(eq(fleetUsers.fleetGuid, fleets.fleetGuid), eq(fleetUsers.userGuid, input.userGuid)),
        )
        .where(and(...where))
        .orderBy(fleetSortName, asc(fleets.fleetGuid))
        .limit(input.limit);
    },

    /** Whether the person is a user of any fleet of the organization. */
    async isFleetUserIn(orgGuid: string, userGuid: string): Promise<boolean> {
      const [row] = await db
        .select({ fleetGuid: fleets.fleetGuid })
        .from(fleets)
        .innerJoin(fleetUsers, eq(fleetUsers.fleetGuid, fleets.fleetGuid))
        .where(and(eq(fleets.orgGuid, orgGuid), eq(fleetUsers.userGuid, userGuid)))
        .limit(1);
      return Boolean(row);
    },

    async rename(fleetGuid: string, fleetName: string) {
      await db.update(fleets).set({ fleetName }).where(eq(fleets.fleetGuid, fleetGuid));
    },

    /** Its device and user rows go with it; answers the devices it held. */
    async delete(fleetGuid: string): Promise<string[]> {
      const held = await db
        .select({ deviceGuid: devices.deviceGuid })
        .from(fleetDevices)
        .innerJoin(devices, eq(devices.deviceGuid, fleetDevices.deviceGuid))
        .where(inFleet(fleetGuid));
      await db.delete(fleets).where(eq(fleets.fleetGuid, fleetGuid));
      return held.map((row) => row.deviceGuid);
    },

    /**
     * Which of `deviceGuids` are devices of the organization the person sees: all of them for a
     * member, otherwise those granted to them as a device user or through a fleet.
     */
    async visibleDevices(input: {
      orgGuid: string;
      deviceGuids: readonly string[];
      viewer: { userGuid: string; member: boolean };
    }): Promise<Set<string>> {
      const where = [eq(devices.orgGuid, input.orgGuid), inArray(devices.deviceGuid, [...input.deviceGuids])];
      if (!input.viewer.member) where.push(grantedToUser(db, devices, input.viewer.userGuid));
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid })
        .from(devices)
        .where(and(...where));
      return new Set(rows.map((row) => row.deviceGuid));
    },

    /**
     * Adds devices in their organization; a row left from an earlier adoption is taken over. Answers
     * the devices that were not in the fleet before.
     */
    async addDevices(fleetGuid: string, orgGuid: string, deviceGuids: readonly string[]): Promise<string[]> {
      const rows = await db
        .insert(fleetDevices)
        .values(deviceGuids.map((deviceGuid) => ({ fleetGuid, deviceGuid, orgGuid })))
        .onConflictDoUpdate({
          target: [fleetDevices.fleetGuid, fleetDevices.deviceGuid],
          set: { orgGuid, createdAt: sql`now()` },
          setWhere: sql`${fleetDevices.orgGuid} <> ${orgGuid}`,
        })
        .returning({ deviceGuid: fleetDevices.deviceGuid });
      return rows.map((row) => row.deviceGuid);
    },

    /** Removes devices; answers those that were in the fleet. */
    async removeDevices(
      fleetGuid: string,
      orgGuid: string,
      deviceGuids: readonly string[],
    ): Promise<string[]> {
      const rows = await db
        .delete(fleetDevices)
        .where(
          and(
            eq(fleetDevices.fleetGuid, fleetGuid),
            eq(fleetDevices.orgGuid, orgGuid),
            inArray(fleetDevices.deviceGuid, [...deviceGuids]),
          ),
        )
        .returning({ deviceGuid: fleetDevices.deviceGuid });
      return rows.map((row) => row.deviceGuid);
    },

    /** The active alerts of the fleet's devices raised since `since` (those the organization counts). */
    async openAlerts(fleetGuid: string, since: Date) {
      return db
        .select({ alertGuid: alerts.alertGuid, deviceGuid: devices.deviceGuid })
        .from(fleetDevices)
        .innerJoin(devices, eq(devices.deviceGuid, fleetDevices.deviceGuid))
        .innerJoin(
          alerts,
          and(eq(alerts.deviceGuid, devices.deviceGuid), eq(alerts.orgGuid, devices.orgGuid)),
        )
        .where(and(inFleet(fleetGuid), isActiveAlertSince(since)))
        .orderBy(asc(alerts.timestamp), asc(alerts.alertGuid));
    },

    /** One page of the fleet users table by name: its own users and the organization's members. */
    async listUsers(input: {
      fleetGuid: string;
      orgGuid: string;
      after?: [string, string, number];
      limit: number;
    }): Promise<FleetUserListRow[]> {
      const after = input.after
        ? sql`where (sort_name, user_guid, source) > (${input.after[0]} collate "C", ${input.after[1]}::uuid, ${input.after[2]}::int)`
        : sql``;
      const result = await db.execute(sql`
        select user_guid, name, email, access, source, sort_name from (
          select u.user_guid, u.name, u.email, f.access, 0 as source, lower(u.name) collate "C" as sort_name
            from fleet_users f join users u on u.user_guid = f.user_guid
            where f.fleet_guid = ${input.fleetGuid}
          union all
          select u.user_guid, u.name, u.email, m.access, 1 as source, lower(u.name) collate "C" as sort_name
            from org_users m join users u on u.user_guid = m.user_guid
            where m.org_guid = ${input.orgGuid}
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
        managedBy: Number(row.source) === 1 ? 'org' : null,
        sortName: String(row.sort_name),
      }));
    },

    /** The fleet's own users among `userGuids`, with their e-mail, locked for a change. */
    async lockFleetUsers(fleetGuid: string, userGuids: readonly string[]) {
      return db
        .select({ userGuid: fleetUsers.userGuid, access: fleetUsers.access, email: users.email })
        .from(fleetUsers)
        .innerJoin(users, eq(users.userGuid, fleetUsers.userGuid))
        .where(and(eq(fleetUsers.fleetGuid, fleetGuid), inArray(fleetUsers.userGuid, [...userGuids])))
        .for('update', { of: fleetUsers });
    },

    /** Which of `userGuids` are members of the organization. */
    async membersAmong(orgGuid: string, userGuids: readonly string[]): Promise<Set<string>> {
      const rows = await db
        .select({ userGuid: orgUsers.userGuid })
        .from(orgUsers)
        .where(and(eq(orgUsers.orgGuid, orgGuid), inArray(orgUsers.userGuid, [...userGuids])));
      return new Set(rows.map((row) => row.userGuid));
    },

    /** Whether an account of this address is one of the fleet's own users. */
    async isFleetUserEmail(fleetGuid: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ userGuid: fleetUsers.userGuid })
        .from(fleetUsers)
        .innerJoin(users, eq(users.userGuid, fleetUsers.userGuid))
        .where(and(eq(fleetUsers.fleetGuid, fleetGuid), eq(sql`lower(${users.email})`, email.toLowerCase())));
      return Boolean(row);
    },

    /** Makes the person a fleet user with `access`, or raises (never lowers) the access they have. */
    async grantUser(input: {
      fleetGuid: string;
      userGuid: string;
      access: number;
      grantedBy: string | null;
    }) {
      await db
        .insert(fleetUsers)
        .values(input)
        .onConflictDoUpdate({
          target: [fleetUsers.fleetGuid, fleetUsers.userGuid],
          set: { access: sql`greatest(${fleetUsers.access}, excluded.access)` },
        });
    },

    async setUserAccess(fleetGuid: string, userGuid: string, access: number) {
      await db
        .update(fleetUsers)
        .set({ access })
        .where(and(eq(fleetUsers.fleetGuid, fleetGuid), eq(fleetUsers.userGuid, userGuid)));
    },

    async removeUsers(fleetGuid: string, userGuids: readonly string[]) {
      await db
        .delete(fleetUsers)
        .where(and(eq(fleetUsers.fleetGuid, fleetGuid), inArray(fleetUsers.userGuid, [...userGuids])));
    },
  };
}
