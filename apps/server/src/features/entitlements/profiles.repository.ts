import type { EntitlementProfile } from '@ec/contract/entitlements/base-profiles';
import type { Product } from '@ec/contract/products';
import { and, asc, count, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sortNameOf } from '../../db/sql-helpers.ts';
import { entitlementProfiles, licenses } from '../../db/tables/entitlements.schema.ts';

const profileSortName = sortNameOf(entitlementProfiles.profileName);

/** Entitlement profiles' reads, writes and the selector's pages: the SQL of profile administration. */
export function profilesRepository(db: Db) {
  return {
    /** One profile (a base profile BASE_* too) as the contract shapes it; undefined when there is none. */
    async find(profileGuid: string): Promise<EntitlementProfile | undefined> {
      const [row] = await db
        .select({
          profile_guid: entitlementProfiles.profileGuid,
          profile_name: entitlementProfiles.profileName,
          profile_platform: entitlementProfiles.profilePlatform,
          properties: entitlementProfiles.properties,
        })
        .from(entitlementProfiles)
        .where(eq(entitlementProfiles.profileGuid, profileGuid));
      return row as EntitlementProfile | undefined;
    },

    /** A page of profiles by name then guid (the name index's order), optionally of one platform. */
    async listPage(input: { platform?: Product; after?: [string, string]; limit: number }) {
      const { after } = input;
      return db
        .select({
          profile_guid: entitlementProfiles.profileGuid,
          profile_name: entitlementProfiles.profileName,
          profile_platform: entitlementProfiles.profilePlatform,
          sortName: profileSortName,
        })
        .from(entitlementProfiles)
        .where(
          and(
            input.platform ? eq(entitlementProfiles.profilePlatform, input.platform) : undefined,
            after
              ? or(
                  gt(profileSortName, after[0]),
                  and(eq(profileSortName, after[0]), gt(entitlementProfiles.profileGuid, after[1])),
                )
              : undefined,
          ),
        )
        .orderBy(asc(profileSortName), asc(entitlementProfiles.profileGuid))
        .limit(input.limit);
    },

    async insert(profile: {
      profileGuid: string;
      profileName: string;
      profilePlatform: Product;
      properties: Record<string, unknown>;
    }) {
      await db.insert(entitlementProfiles).values(profile);
    },

    async update(
      profileGuid: string,
      changes: { profileName?: string; properties?: Record<string, unknown> },
    ) {
      await db
        .update(entitlementProfiles)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(entitlementProfiles.profileGuid, profileGuid));
    },

    /** Holds the profile's row until the transaction ends: a licence naming it waits. */
    async lock(profileGuid: string) {
      await db
        .select({ profileGuid: entitlementProfiles.profileGuid })
        .from(entitlementProfiles)
        .where(eq(entitlementProfiles.profileGuid, profileGuid))
        .for('update');
    },

    /** How many licences grant the profile, expired ones too (they still name it). */
    async licenceCount(profileGuid: string) {
      const [row] = await db
        .select({ n: count() })
        .from(licenses)
        .where(eq(licenses.profileGuid, profileGuid));
      return row?.n ?? 0;
    },

    async delete(profileGuid: string) {
      await db.delete(entitlementProfiles).where(eq(entitlementProfiles.profileGuid, profileGuid));
    },
  };
}
