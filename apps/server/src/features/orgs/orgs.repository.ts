import { ACCESS } from '@ec/contract/access';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { escapeLike, sortNameOf } from '../../db/sql-helpers.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { orgs, orgUsers } from '../../db/tables/orgs.schema.ts';

export const orgSortName = sortNameOf(orgs.orgName);

/** Members sort by name, case-insensitively, then guid (keyset paging). */
const memberSortName = sortNameOf(users.name);

/** One page of an organization list: a name fragment to match, the key to continue after, the row limit. */
interface OrgPageQuery {
  nameContains?: string;
  after?: [string, string];
  limit: number;
}

/** The name search and keyset conditions shared by the organization lists. */
function pageFilters(input: OrgPageQuery): SQL[] {
  const filters: SQL[] = [];
  if (input.nameContains) filters.push(ilike(orgs.orgName, `%${escapeLike(input.nameContains)}%`));
  if (input.after) {
    const [name, guid] = input.after;
    filters.push(sql`(${orgSortName}, ${orgs.orgGuid}) > (${name} collate "C", ${guid})`);
  }
  return filters;
}

/** Why a change to an organization's members was refused; the service turns it into a 400. */
export type MemberChangeRefusal = { refused: 'NOT_MEMBERS'; userGuids: string[] } | { refused: 'LAST_ADMIN' };

export function orgsRepository(db: Db) {
  return {
    async create(orgName: string, creatorGuid: string, access: number) {
      return db.transaction(async (tx) => {
        const [org] = await tx.insert(orgs).values({ orgName }).returning();
        await tx.insert(orgUsers).values({ orgGuid: org!.orgGuid, userGuid: creatorGuid, access });
        return org!;
      });
    },

    async membership(orgGuid: string, userGuid: string) {
      const [row] = await db
        .select({ orgGuid: orgs.orgGuid, orgName: orgs.orgName, access: orgUsers.access })
        .from(orgUsers)
        .innerJoin(orgs, eq(orgs.orgGuid, orgUsers.orgGuid))
        .where(and(eq(orgUsers.orgGuid, orgGuid), eq(orgUsers.userGuid, userGuid)));
      return row;
    },

    /** A user's organizations sorted by name, optionally filtered by a name fragment, one page after `after`. */
    async listForUser(input: { userGuid: string } & OrgPageQuery) {
      return db
        .select({
          orgGuid: orgs.orgGuid,
          orgName: orgs.orgName,
          sortName: orgSortName,
          access: orgUsers.access,
        })
        .from(orgUsers)
        .innerJoin(orgs, eq(orgs.orgGuid, orgUsers.orgGuid))
        .where(and(eq(orgUsers.userGuid, input.userGuid), ...pageFilters(input)))
        .orderBy(orgSortName, asc(orgs.orgGuid))
        .limit(input.limit);
    },

    /** Every organization of the platform, in the same order and with the same filter as `listForUser`. */
    async listAll(input: OrgPageQuery) {
      return db
        .select({ orgGuid: orgs.orgGuid, orgName: orgs.orgName, sortName: orgSortName })
        .from(orgs)
        .where(and(...pageFilters(input)))
        .orderBy(orgSortName, asc(orgs.orgGuid))
        .limit(input.limit);
    },

    async countMembers(orgGuid: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orgUsers)
        .where(eq(orgUsers.orgGuid, orgGuid));
      return row?.n ?? 0;
    },

    async find(orgGuid: string) {
      const [row] = await db
        .select({ orgGuid: orgs.orgGuid, orgName: orgs.orgName })
        .from(orgs)
        .where(eq(orgs.orgGuid, orgGuid));
      return row;
    },

    async rename(orgGuid: string, orgName: string) {
      await db.update(orgs).set({ orgName }).where(eq(orgs.orgGuid, orgGuid));
    },

    /**
     * Memberships go with it; its devices are released (their org_guid becomes null): answers them.
     * Their rows are locked first, so that no device joins or leaves it meanwhile unseen.
     */
    async delete(orgGuid: string) {
      return db.transaction(async (tx) => {
        const released = await tx
          .select({ deviceGuid: devices.deviceGuid })
          .from(devices)
          .where(eq(devices.orgGuid, orgGuid))
          .for('update');
        await tx.delete(orgs).where(eq(orgs.orgGuid, orgGuid));
        return released.map((row) => row.deviceGuid);
      });
    },

    /** An organization's members with name and e-mail, by name, one page after `after`. */
    async listMembers(input: { orgGuid: string; after?: [string, string]; limit: number }) {
      const filters = [eq(orgUsers.orgGuid, input.orgGuid)];
      if (input.after) {
        const [name, guid] = input.after;
        filters.push(sql`(${memberSortName}, ${users.userGuid}) > (${name} collate "C", ${guid})`);
      }
      return db
        .select({
          userGuid: users.userGuid,
          name: users.name,
          email: users.email,
          access: orgUsers.access,
          sortName: memberSortName,
        })
        .from(orgUsers)
        .innerJoin(users, eq(users.userGuid, orgUsers.userGuid))
        .where(and(...filters))
        .orderBy(memberSortName, asc(users.userGuid))
        .limit(input.limit);
    },

    /**
     * Sets the access level of each listed member in one transaction. Refuses users who are not members
     * and a change that would leave the organization without an admin (300).
     */
    async saveAccess(
      orgGuid: string,
      changes: readonly { userGuid: string; access: number }[],
    ): Promise<MemberChangeRefusal | undefined> {
      return db.transaction(async (tx) => {
        const current = await lockMembers(tx, orgGuid);
        const access = new Map(current.map((m) => [m.userGuid, m.access]));
        const unknown = changes.filter((c) => !access.has(c.userGuid)).map((c) => c.userGuid);
        if (unknown.length) return { refused: 'NOT_MEMBERS', userGuids: unknown };
        for (const change of changes) access.set(change.userGuid, change.access);
        if (![...access.values()].includes(ACCESS.admin)) return { refused: 'LAST_ADMIN' };
        if (changes.length > 0)
          await tx.execute(sql`
            update org_users set access = c.access
              from unnest(${sql.param(changes.map((c) => c.userGuid))}::uuid[],
                          ${sql.param(changes.map((c) => c.access))}::smallint[]) as c(user_guid, access)
              where org_users.org_guid = ${orgGuid} and org_users.user_guid = c.user_guid`);
        return undefined;
      });
    },

    /** Removes the listed members, with the same refusals as `saveAccess`. */
    async removeMembers(
      orgGuid: string,
      userGuids: readonly string[],
    ): Promise<MemberChangeRefusal | undefined> {
      return db.transaction(async (tx) => {
        const current = await lockMembers(tx, orgGuid);
        const members = new Set(current.map((m) => m.userGuid));
        const unknown = userGuids.filter((guid) => !members.has(guid));
        if (unknown.length) return { refused: 'NOT_MEMBERS', userGuids: unknown };
        const removed = new Set(userGuids);
        if (!current.some((m) => !removed.has(m.userGuid) && m.access === ACCESS.admin))
          return { refused: 'LAST_ADMIN' };
        await tx
          .delete(orgUsers)
          .where(and(eq(orgUsers.orgGuid, orgGuid), inArray(orgUsers.userGuid, [...removed])));
        return undefined;
      });
    },
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every membership of the organization, locked until the transaction ends (two admins saving at once). */
const lockMembers = (tx: Tx, orgGuid: string) =>
  tx
    .select({ userGuid: orgUsers.userGuid, access: orgUsers.access })
    .from(orgUsers)
    .where(eq(orgUsers.orgGuid, orgGuid))
    .for('update');
