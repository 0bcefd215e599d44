import type { EntitlementProfile } from '@ec/contract/entitlements/base-profiles';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { entitlementProfiles } from '../../db/tables/entitlements.schema.ts';

const profileColumns = {
  profile_guid: entitlementProfiles.profileGuid,
  profile_name: entitlementProfiles.profileName,
  profile_platform: entitlementProfiles.profilePlatform,
  properties: entitlementProfiles.properties,
};

/** By primary key, prepared once: a device's set reads its base profile on every call. */
const profileByGuid = preparedStatement((db) =>
  db
    .select(profileColumns)
    .from(entitlementProfiles)
    .where(eq(entitlementProfiles.profileGuid, sql.placeholder('profileGuid')))
    .prepare('entitlement_profile_by_guid'),
);

/**
 * One stored entitlement profile (a base profile BASE_* too), as the contract shapes it; undefined when
 * there is none. The devices' effective entitlements read their base profile and their licences'
 * profiles through here.
 */
export async function findProfile(db: Db, profileGuid: string): Promise<EntitlementProfile | undefined> {
  const [row] = await profileByGuid(db).execute({ profileGuid });
  return row as EntitlementProfile | undefined;
}

/** Several profiles in one statement, by guid; a guid without a profile is absent from the map. */
export async function findProfiles(
  db: Db,
  profileGuids: readonly string[],
): Promise<Map<string, EntitlementProfile>> {
  if (profileGuids.length === 0) return new Map();
  const rows = await db
    .select(profileColumns)
    .from(entitlementProfiles)
    .where(inArray(entitlementProfiles.profileGuid, [...new Set(profileGuids)]));
  return new Map(rows.map((row) => [row.profile_guid, row as EntitlementProfile]));
}
