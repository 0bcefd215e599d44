import { z } from 'zod';
import { type DeviceProduct, PRODUCTS } from '../products.ts';
import { type EntitlementProperties, entitlementPropertiesSchema } from './capabilities.ts';
import { CAPABILITY_PROFILES } from './capability-catalogue.ts';

/** An entitlement profile (spec 3 §3.10): a named map of feature to value for one platform. */
export const entitlementProfileSchema = z.object({
  profile_guid: z.string(),
  profile_name: z.string(),
  profile_platform: z.enum(PRODUCTS),
  properties: entitlementPropertiesSchema,
});
export type EntitlementProfile = z.infer<typeof entitlementProfileSchema>;

/** A profile whose guid starts with BASE_ is a base profile (spec 3 §2.8). */
export const BASE_PROFILE_PREFIX = 'BASE_';
export const isBaseProfileGuid = (profileGuid: string) => profileGuid.startsWith(BASE_PROFILE_PREFIX);
/** Saving a base profile needs this text typed, case-insensitive (spec 3 §5). */
export const BASE_PROFILE_CONFIRMATION = 'BASE ENTITLEMENT';
export const confirmsBaseProfileSave = (typed: string) => typed.toUpperCase() === BASE_PROFILE_CONFIRMATION;

/** A base profile belongs to a device product: a cloud_ui profile is never the base of a device. */
export type BaseProfile = EntitlementProfile & { profile_platform: DeviceProduct };

export const BASE_PROFILE_GUIDS = {
  edgecaster: 'BASE_EDGECASTER',
  edgecaster_max: 'BASE_EDGECASTER_MAX',
} as const satisfies Record<DeviceProduct, string>;

/**
 * The seed of a base profile: every capability's default. Empty lists are left out, as the profile
 * editor refuses an empty array (spec 3 §5) and the merge falls back to the same empty default.
 */
function seedProperties(product: DeviceProduct): EntitlementProperties {
  const properties: EntitlementProperties = {};
  for (const capability of CAPABILITY_PROFILES[product].capabilities) {
    const value = capability.defaultSelected;
    if (Array.isArray(value) && value.length === 0) continue;
    properties[capability.feature] = structuredClone(value);
  }
  return properties;
}

export const BASE_EDGECASTER: BaseProfile = {
  profile_guid: BASE_PROFILE_GUIDS.edgecaster,
  profile_name: 'Base Edgecaster',
  profile_platform: 'edgecaster',
  properties: seedProperties('edgecaster'),
};

export const BASE_EDGECASTER_MAX: BaseProfile = {
  profile_guid: BASE_PROFILE_GUIDS.edgecaster_max,
  profile_name: 'Base Edgecaster Max',
  profile_platform: 'edgecaster_max',
  properties: seedProperties('edgecaster_max'),
};

/** The base profile every device of a product starts from (spec 2 §4.10). */
export const BASE_PROFILES: Record<DeviceProduct, BaseProfile> = {
  edgecaster: BASE_EDGECASTER,
  edgecaster_max: BASE_EDGECASTER_MAX,
};
