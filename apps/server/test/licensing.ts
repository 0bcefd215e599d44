import { randomUUID } from 'node:crypto';
import type { Product } from '@ec/contract/products';
import { eq } from 'drizzle-orm';
import { entitlementProfiles } from '../src/db/tables/entitlements.schema.ts';
import type { TestApp } from './test-app.ts';

/** Stores an entitlement profile of `platform` holding `properties`; answers its guid. */
export async function createProfile(t: TestApp, platform: Product, properties: Record<string, unknown>) {
  const profileGuid = randomUUID();
  await t.db.insert(entitlementProfiles).values({
    profileGuid,
    profileName: `Profile ${profileGuid.slice(0, 6)}`,
    profilePlatform: platform,
    properties,
  });
  return profileGuid;
}

/** The product the docker tests license for Docker: every device of it, through its base profile. */
export const DOCKER_LICENSED_PRODUCT = 'edgecaster_max';
/** A directory container guid the licensed devices may install. */
const LICENSED_CONTAINER_GUID = '7c0e7d0a-1b1c-4a3e-8d55-0c4f1f3c2a11';

/**
 * Licenses every Edgecaster Max of this test's database for Docker (not for privileged containers) by
 * its stored base profile, as an entitlement administrator's edit would. Called before the test's
 * devices connect, so that they are sent these entitlements too.
 */
export async function licenseDockerOnBaseProfile(t: TestApp) {
  const [base] = await t.db
    .select({ properties: entitlementProfiles.properties })
    .from(entitlementProfiles)
    .where(eq(entitlementProfiles.profileGuid, 'BASE_EDGECASTER_MAX'));
  await t.db
    .update(entitlementProfiles)
    .set({
      properties: {
        ...base?.properties,
        'services.docker.enabled': true,
        'services.docker.containers': [LICENSED_CONTAINER_GUID],
      },
    })
    .where(eq(entitlementProfiles.profileGuid, 'BASE_EDGECASTER_MAX'));
}
