import type { ProvisionedDevice } from '@ec/contract/devices';
import type { Db } from '../db/database.ts';
import { entitlementProfiles, licenses } from '../db/tables/entitlements.schema.ts';
import { DEMO_CONTAINER_GUIDS } from './demo-containers.ts';

/** The demo's Docker profile (decision 219): Docker, and the directory's licensable SRT Gateway. */
export const DEMO_DOCKER_PROFILE_GUID = '5e1f0c1e-7a11-4c0d-9d2e-0000000000d1';
const LIFESPAN_DAYS = 3650;

/**
 * Licenses one demo device for Docker with a Base License of its serial number (spec 3 §3.11), so that
 * the demo shows the Containers tab, its logs and the directory's installs on a real licence.
 */
export async function seedDemoDockerLicence(db: Db, device: ProvisionedDevice) {
  await db
    .insert(entitlementProfiles)
    .values({
      profileGuid: DEMO_DOCKER_PROFILE_GUID,
      profileName: `Docker (${device.product_name === 'edgecaster' ? 'Edgecaster' : 'Edgecaster Max'})`,
      profilePlatform: device.product_name,
      properties: {
        'services.docker.enabled': true,
        'services.docker.containers': [DEMO_CONTAINER_GUIDS.srtGateway],
      },
    })
    .onConflictDoNothing();
  await db.insert(licenses).values({
    licenseName: 'Demo Docker',
    serialNumber: device.serial_number,
    profileGuid: DEMO_DOCKER_PROFILE_GUID,
    lifespanDays: LIFESPAN_DAYS,
    expires: new Date(Date.now() + LIFESPAN_DAYS * 86_400_000),
  });
}
