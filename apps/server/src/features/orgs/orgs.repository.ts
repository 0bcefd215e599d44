import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orgs, orgUsers } from '../../db/schema.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive name order, the same on every PostgreSQL whatever its locale. */
export const orgSortName = sql<string>`lower(${orgs.orgName}) collate "C"`;

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
    async listForUser(input: {
      userGuid: string;
      nameContains?: string;
      after?: [string, string];
      limit: number;
    }) {
      const filters = [eq(orgUsers.userGuid, input.userGuid)];
      if (input.nameContains) filters.push(ilike(orgs.orgName, `%${escapeLike(input.nameContains)}%`));
      if (input.after) {
        const [name, guid] = input.after;
        filters.push(sql`(${orgSortName}, ${orgs.orgGuid}) > (${name} collate "C", ${guid})`);
      }
      return db
        .select({
          orgGuid: orgs.orgGuid,
          orgName: orgs.orgName,
          sortName: orgSortName,
          access: orgUsers.access,
        })
        .from(orgUsers)
        .innerJoin(orgs, eq(orgs.orgGuid, orgUsers.orgGuid))
        .where(and(...filters))
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
  };
}
