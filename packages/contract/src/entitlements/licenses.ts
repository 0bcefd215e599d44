import { z } from 'zod';
import {
  guidSchema,
  inputText,
  optionalTimeQuery,
  paginationQuerySchema,
  paginationTokenSchema,
  reasonBodySchema,
  TEXT_LIMITS,
} from '../common.ts';
import { PRODUCTS } from '../products.ts';
import { profileGuidSchema } from './profiles.ts';

/**
 * Licences (spec 3 §2.8, §3.11, §5, §7; spec 2 §2.12, §4.10-4.11): a profile granted for a time to an
 * organization (unlimited, or to as many of its devices as allocation_limit allows) or to the one
 * device with a serial number (a Base License).
 */

/** The licence tables page by 50 (spec 2 §9, spec 3 §2.8). */
export const LICENSE_PAGE_SIZE = 50;
/** Extend adds a year unless told otherwise (spec 3 §2.8). */
export const DEFAULT_EXTENSION_DAYS = 365;
/** A licence runs a year unless created with another lifespan. */
export const DEFAULT_LIFESPAN_DAYS = 365;
/** At most this many devices are allocated or de-allocated in one call (a list holds 1000 rows). */
export const ALLOCATION_DEVICES_PER_CALL = 1000;

export const LICENSE_ERRORS = {
  notFound: 'License not found',
  profileRequired: 'A profile is required',
  profileNotFound: 'Unable to get entitlement profile',
  holderRequired: 'Either an organization or a serial number is required',
  bothHolders: 'A license is for an organization or for a serial number, not both',
  countOrUnlimited: 'An organization license is unlimited or has an allocation count',
  zeroAllocation: 'The allocation count must be at least 1',
  notAllocatable: 'Only a per-device license is allocated to devices',
  allocationFull: 'The license has no allocations left',
  devicesNotFound: 'Devices not found in the license organization',
} as const;

export const licenseIdSchema = guidSchema;
export const licenseParamsSchema = z.object({ license_id: licenseIdSchema });

/** A licence as the tables list it (spec 3 §3.11). */
export const licenseSchema = z.object({
  license_id: z.string(),
  license_name: z.string().nullable(),
  sales_order: z.string().nullable(),
  /** The organization of an organization licence. */
  org_guid: z.string().nullable(),
  /** The device of a per-device (Base) licence. */
  serial_number: z.string().nullable(),
  profile_guid: z.string(),
  profile_name: z.string(),
  profile_platform: z.enum(PRODUCTS),
  unlimited: z.boolean(),
  /** Devices an organization licence may be allocated to; null when unlimited or by serial. */
  allocation_limit: z.number().int().nullable(),
  /** Devices it is allocated to now. */
  allocated: z.number().int(),
  created: z.string(),
  expires: z.string(),
  lifespan_days: z.number().int(),
  expired: z.boolean(),
});
export type License = z.infer<typeof licenseSchema>;

const filterText = (what: string) => inputText(TEXT_LIMITS.short).trim().min(1).optional().describe(what);

/**
 * GET /entitlements/licenses: token paging, the filters of the licence search (spec 2 §2.12), and
 * which kinds to show. The organization licence manager asks for its own org_guid; the entitlement
 * administrators for any.
 */
export const listLicensesQuerySchema = paginationQuerySchema.extend({
  org_guid: guidSchema.optional().describe("Only this organization's licences and its devices' ones"),
  profile_guid: filterText('Only licences of this profile'),
  license_name: filterText('Licence name contains this text, case-insensitively'),
  sales_order: filterText('Sales order contains this text, case-insensitively'),
  profile_platform: z.enum(PRODUCTS).optional().describe('Only licences for this platform'),
  serial_number: filterText('Only the licences of this serial number'),
  created_start: optionalTimeQuery('Created at or after'),
  created_end: optionalTimeQuery('Created at or before'),
  expires_start: optionalTimeQuery('Expires at or after'),
  expires_end: optionalTimeQuery('Expires at or before'),
  show_orgs: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('Include organization licences'),
  show_serials: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('Include serial-number licences'),
});
export type ListLicensesQuery = z.input<typeof listLicensesQuerySchema>;
export const listLicensesResponseSchema = z.object({
  licenses: z.array(licenseSchema),
  pagination_token: paginationTokenSchema,
});

/**
 * POST /entitlements/licenses (spec 3 §5): a profile, and either an organization (unlimited, or with
 * an allocation count of at least 1) or a serial number. A cloud_ui profile makes the licence
 * unlimited whatever is asked.
 */
export const createLicenseBodySchema = z
  .object({
    profile_guid: profileGuidSchema,
    org_guid: guidSchema.optional(),
    serial_number: inputText(TEXT_LIMITS.short).trim().min(1).optional(),
    unlimited: z.boolean().default(false),
    allocation_limit: z.number().int().min(1, LICENSE_ERRORS.zeroAllocation).max(1_000_000).optional(),
    license_name: inputText(TEXT_LIMITS.short).trim().optional(),
    sales_order: inputText(TEXT_LIMITS.short).trim().optional(),
    lifespan_days: z.number().int().min(1).max(36_500).default(DEFAULT_LIFESPAN_DAYS),
  })
  .refine((body) => body.org_guid !== undefined || body.serial_number !== undefined, {
    message: LICENSE_ERRORS.holderRequired,
    path: ['org_guid'],
  })
  .refine((body) => body.org_guid === undefined || body.serial_number === undefined, {
    message: LICENSE_ERRORS.bothHolders,
    path: ['serial_number'],
  });
export type CreateLicenseBody = z.input<typeof createLicenseBodySchema>;
export const createLicenseResponseSchema = z.object({ license_id: z.string() });

/** PATCH /entitlements/licenses/{license_id}: extend by some days (spec 3 §2.8). */
export const extendLicenseBodySchema = z.object({
  additional_lifespan_days: z.number().int().min(1).max(36_500).default(DEFAULT_EXTENSION_DAYS),
});

/** Deleting a licence needs a reason (spec 3 §5). */
export const deleteLicenseBodySchema = reasonBodySchema;

/** A device's allocation of a per-device licence (spec 3 §3.11, §4.7). */
export const allocationSchema = z.object({
  device_guid: z.string(),
  serial_number: z.string(),
  device_name: z.string(),
  /** Being removed: 'Pending De-Allocation'; otherwise 'Allocated'. */
  pending_deallocation: z.boolean(),
});
export type Allocation = z.infer<typeof allocationSchema>;
export const listAllocationsQuerySchema = paginationQuerySchema;
export const listAllocationsResponseSchema = z.object({
  allocations: z.array(allocationSchema),
  pagination_token: paginationTokenSchema,
});

/** POST and DELETE .../allocations: the devices to allocate or de-allocate. */
export const allocationDevicesBodySchema = z.object({
  devices: z
    .array(guidSchema, { error: 'List the devices' })
    .min(1, 'List at least one device')
    .max(ALLOCATION_DEVICES_PER_CALL, `At most ${ALLOCATION_DEVICES_PER_CALL} devices at once`),
});
