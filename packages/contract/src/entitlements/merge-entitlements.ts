import { z } from 'zod';
import { DEVICE_PRODUCTS, type DeviceProduct } from '../products.ts';
import {
  type Capability,
  type EntitlementProperties,
  type EntitlementValue,
  entitlementPropertiesSchema,
  METRICS_SEND_RATE_FEATURE,
  type RangeValue,
} from './capabilities.ts';
import { CAPABILITY_PROFILES } from './capability-catalogue.ts';

/** A license as the merge needs it: the properties of its profile and when it ends. */
export const mergeableLicenseSchema = z.object({
  profile_guid: z.string().optional(),
  properties: z.record(z.string(), z.unknown()),
  expires: z.iso.datetime({ offset: true }),
});
export interface MergeableLicense {
  readonly properties: Readonly<Record<string, unknown>>;
  readonly expires: string | Date;
}

export interface MergeBase {
  readonly profile_platform: DeviceProduct;
  readonly properties: Readonly<Record<string, unknown>>;
}

/**
 * Expired when the expiry is in the past (spec 2 §4.10): a license is still live at the very moment
 * it expires. An expiry that cannot be read counts as expired, so it grants nothing.
 */
export function isLicenseExpired(expires: string | Date, now: Date): boolean {
  const end = new Date(expires).getTime();
  return Number.isNaN(end) || end < now.getTime();
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A raw value brought within its capability: a number or range clamped to min and max, a list kept to
 * its possible values without duplicates. Undefined when the value is not of the capability's type.
 */
function normalise(capability: Capability, raw: unknown): EntitlementValue | undefined {
  switch (capability.type) {
    case 'boolean':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'number':
      return isFiniteNumber(raw) ? clamp(raw, capability.min, capability.max) : undefined;
    case 'range': {
      if (typeof raw !== 'object' || raw === null) return undefined;
      const { min, max } = raw as Record<string, unknown>;
      if (!isFiniteNumber(min) || !isFiniteNumber(max) || min > max) return undefined;
      return {
        min: clamp(min, capability.min, capability.max),
        max: clamp(max, capability.min, capability.max),
      };
    }
    case 'array': {
      if (!Array.isArray(raw)) return undefined;
      const { possible } = capability;
      const items = raw.filter(
        (item): item is string => typeof item === 'string' && (!possible || possible.includes(item)),
      );
      return [...new Set(items)];
    }
  }
}

/** Two values of one capability combined (spec 2 §4.10, spec 3 §4.8). */
function combine(
  capability: Capability,
  held: EntitlementValue,
  granted: EntitlementValue,
): EntitlementValue {
  switch (capability.type) {
    case 'boolean':
      return held === true || granted === true;
    case 'number':
      // The metrics send rate is a period: the smaller one is the faster one.
      return capability.feature === METRICS_SEND_RATE_FEATURE
        ? Math.min(held as number, granted as number)
        : Math.max(held as number, granted as number);
    case 'range': {
      const [a, b] = [held as RangeValue, granted as RangeValue];
      return { min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) };
    }
    case 'array':
      return [...new Set([...(held as string[]), ...(granted as string[])])];
  }
}

/**
 * A device's effective entitlements: its base profile merged with all non-expired licenses. Booleans
 * are OR-ed, numbers take the maximum (the metrics send rate the minimum), arrays are unioned in the
 * order first seen, ranges widened; every value is brought within its capability. The base profile
 * sets a feature outright (it may hold less than the default); a feature it lacks, or holds with a
 * value of the wrong type, starts from the capability's default. Features a product does not know,
 * and license values of the wrong type, are ignored. The answer holds every feature of the product.
 */
export function mergeEntitlements(
  base: MergeBase,
  licenses: readonly MergeableLicense[],
  now: Date,
): EntitlementProperties {
  const live = licenses.filter((license) => !isLicenseExpired(license.expires, now));
  const merged: EntitlementProperties = {};
  for (const capability of CAPABILITY_PROFILES[base.profile_platform].capabilities) {
    let value =
      normalise(capability, base.properties[capability.feature]) ??
      (normalise(capability, capability.defaultSelected) as EntitlementValue);
    for (const license of live) {
      const granted = normalise(capability, license.properties[capability.feature]);
      if (granted !== undefined) value = combine(capability, value, granted);
    }
    merged[capability.feature] = value;
  }
  return merged;
}

/** The entitlement JSON format the console asks for (spec 2 §7, spec 3 §7). */
export const ENTITLEMENT_JSON_VERSION = '10.3.0';

/** The kinds behind the license type labels (spec 3 §3.11): a serial-number license is a Base License. */
export const LICENSE_TYPES = ['unlimited', 'per_device', 'base', 'unknown'] as const;

/** Device-side license record (spec 3 §3.11). */
export const deviceLicenseRecordSchema = z.object({
  profile_guid: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  created: z.iso.datetime({ offset: true }),
  expires: z.iso.datetime({ offset: true }),
  expired: z.boolean(),
});
export type DeviceLicenseRecord = z.infer<typeof deviceLicenseRecordSchema>;

export const deviceEntitlementsQuerySchema = z.object({
  version: z.string().max(50).default(ENTITLEMENT_JSON_VERSION),
});

/**
 * GET /entitlements/devices/{device_guid}?version=: the effective entitlements, downloaded as a file
 * and shown by the Entitlements chip and the entitlement debug tool. properties holds every feature of
 * the product; licenses lists the device's licenses, expired ones too (they are not merged).
 */
export const deviceEntitlementsResponseSchema = z.object({
  device_guid: z.string(),
  product_name: z.enum(DEVICE_PRODUCTS),
  version: z.string(),
  generated: z.iso.datetime({ offset: true }),
  base_profile_guid: z.string(),
  licenses: z.array(deviceLicenseRecordSchema),
  properties: entitlementPropertiesSchema,
});
export type DeviceEntitlements = z.infer<typeof deviceEntitlementsResponseSchema>;

/**
 * A licence as the device's Licenses tab lists it (spec 2 §2.5, §4.10): the device-side record plus,
 * where the server knows them, the licence's own fields (spec 3 §3.11) and this device's allocation.
 * They are optional until licensing stores licences; the tab shows what is there.
 */
export const deviceLicenseSchema = deviceLicenseRecordSchema.extend({
  license_id: z.string().optional(),
  license_name: z.string().nullish(),
  sales_order: z.string().nullish(),
  serial_number: z.string().nullish(),
  unlimited: z.boolean().optional(),
  /** Devices the licence may be allocated to ('N allocated'). */
  allocation_limit: z.number().int().nullish(),
  /** Devices it is allocated to now ('M in use'). */
  allocated: z.number().int().optional(),
  /** This device's allocation is being removed ('Pending De-Allocation'). */
  pending_deallocation: z.boolean().optional(),
});
export type DeviceLicense = z.infer<typeof deviceLicenseSchema>;

/** GET /entitlements/devices/{device_guid}/licenses: the device's licences, expired ones too. */
export const deviceLicensesResponseSchema = z.object({ licenses: z.array(deviceLicenseSchema) });
