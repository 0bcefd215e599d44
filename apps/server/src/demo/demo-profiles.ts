import type { DeviceProduct } from '@ec/contract/products';
import type { Db } from '../db/database.ts';
import { entitlementProfiles } from '../db/tables/entitlements.schema.ts';

/**
 * The demo's licensable add-on (decision 209): Zixi and WHIP outputs, which the base profiles grant
 * none of, so that a licence made in the demo visibly changes what a device may do.
 */
export const DEMO_ADDON_PROFILES: Record<DeviceProduct, { guid: string; zixi: number; whip: number }> = {
  edgecaster: { guid: '5e1f0c1e-7a11-4c0d-9d2e-000000000001', zixi: 2, whip: 1 },
  edgecaster_max: { guid: '5e1f0c1e-7a11-4c0d-9d2e-000000000002', zixi: 4, whip: 2 },
};

/** Stored once; a demo that already has them keeps them as an administrator left them. */
export async function seedDemoProfiles(db: Db) {
  await db
    .insert(entitlementProfiles)
    .values(
      Object.entries(DEMO_ADDON_PROFILES).map(([product, addOn]) => ({
        profileGuid: addOn.guid,
        profileName: `Zixi & WHIP Add-on (${product === 'edgecaster' ? 'Edgecaster' : 'Edgecaster Max'})`,
        profilePlatform: product as DeviceProduct,
        properties: { 'daemon.output.zixi.limit': addOn.zixi, 'daemon.output.whip.limit': addOn.whip },
      })),
    )
    .onConflictDoNothing();
}
