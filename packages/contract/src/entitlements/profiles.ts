import { z } from 'zod';
import {
  inputText,
  paginationQuerySchema,
  paginationTokenSchema,
  reasonBodySchema,
  TEXT_LIMITS,
} from '../common.ts';
import { PRODUCTS } from '../products.ts';
import { entitlementPropertiesSchema } from './capabilities.ts';

/**
 * Entitlement profile administration (spec 3 §2.8, §3.10, §4.7, §5, §7): named maps of feature to
 * value for one platform, which licences grant. The profile itself is entitlementProfileSchema
 * (base-profiles.ts); base profiles (BASE_EDGECASTER, BASE_EDGECASTER_MAX) are stored like any other.
 */

/** The profile selector pages by 50 (spec 3 §2.8). */
export const PROFILE_PAGE_SIZE = 50;
/** A new profile is for an Edgecaster unless chosen otherwise (spec 3 §2.8). */
export const DEFAULT_PROFILE_PLATFORM = 'edgecaster';

export const PROFILE_ERRORS = {
  notFound: 'Entitlement Not Found',
  noProperties: 'Entitlement has no properties set...',
  platformFixed: 'The platform of a profile cannot be changed after creation.',
  baseProfileDelete: 'A base profile cannot be deleted.',
  inUse: 'This profile is used by licenses and cannot be deleted.',
} as const;

export const profileNameSchema = inputText(TEXT_LIMITS.short, { error: 'Profile name is required' })
  .trim()
  .min(1, 'Profile name is required');

/** A profile guid: BASE_ followed by capitals for a base profile, a uuid for the others. */
export const profileGuidSchema = inputText(TEXT_LIMITS.short).min(1, 'Profile GUID Missing');
export const profileParamsSchema = z.object({ profile_guid: profileGuidSchema });

/** A row of the profile selector. */
export const profileSummarySchema = z.object({
  profile_guid: z.string(),
  profile_name: z.string(),
  profile_platform: z.enum(PRODUCTS),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const listProfilesQuerySchema = paginationQuerySchema.extend({
  profile_platform: z.enum(PRODUCTS).optional().describe('Only the profiles of this platform'),
});
export const listProfilesResponseSchema = z.object({
  profiles: z.array(profileSummarySchema),
  pagination_token: paginationTokenSchema,
});

/**
 * POST and PATCH bodies. The properties are checked against the platform's capabilities on the
 * server (each value within its capability, spec 3 §5); PATCH may repeat the platform but not change it.
 */
export const createProfileBodySchema = z.object({
  profile_name: profileNameSchema,
  profile_platform: z.enum(PRODUCTS).default(DEFAULT_PROFILE_PLATFORM),
  properties: entitlementPropertiesSchema,
});
export type CreateProfileBody = z.infer<typeof createProfileBodySchema>;
export const createProfileResponseSchema = z.object({ profile_guid: z.string() });
export const updateProfileBodySchema = z.object({
  profile_name: profileNameSchema.optional(),
  profile_platform: z.enum(PRODUCTS).optional(),
  properties: entitlementPropertiesSchema.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Deleting a profile needs a reason (spec 3 §5). */
export const deleteProfileBodySchema = reasonBodySchema;
