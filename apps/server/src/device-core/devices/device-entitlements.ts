import { BASE_PROFILE_GUIDS, BASE_PROFILES } from '@ec/contract/entitlements/base-profiles';
import type { EntitlementProperties } from '@ec/contract/entitlements/capabilities';
import {
  type DeviceLicense,
  isLicenseExpired,
  type LICENSE_TYPES,
  mergeEntitlements,
} from '@ec/contract/entitlements/merge-entitlements';
import type { DeviceProduct } from '@ec/contract/products';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { licenseAllocations } from '../../db/tables/entitlements.schema.ts';

/** Devices whose entitlements one statement reads. */
export const ENTITLEMENTS_BATCH = 500;

/** A licence of the device as the statement reads it (json: times as text). */
interface LicenseRow {
  license_id: string;
  license_name: string | null;
  sales_order: string | null;
  serial_number: string | null;
  profile_guid: string;
  unlimited: boolean;
  allocation_limit: number | null;
  allocated: number;
  created: string;
  expires: string;
  properties: Record<string, unknown>;
  /** Null unless the licence reaches the device by an allocation. */
  pending_deallocation: boolean | null;
}

export interface DeviceEntitlements {
  deviceGuid: string;
  productName: DeviceProduct;
  orgGuid: string | null;
  online: boolean;
  base: { profile_guid: string; profile_platform: DeviceProduct; properties: Record<string, unknown> };
  /** Every licence of the device, expired and pending de-allocation ones too. */
  licenses: DeviceLicense[];
  /** The base profile merged with the licences that still grant (spec 2 §4.10, spec 3 §4.8). */
  properties: EntitlementProperties;
}

/**
 * A device's licences (spec 2 §4.10): the licences of its serial number, its organization's unlimited
 * ones and the per-device ones allocated to it, each of a profile for the device's product. With its
 * stored base profile, in one statement for any number of devices (a shadow set reads it, and a
 * licence change reads it for every device it reaches).
 */
const entitlementsOfDevices = preparedStatement((db) =>
  db
    .select({
      deviceGuid: devices.deviceGuid,
      productName: devices.productName,
      orgGuid: devices.orgGuid,
      online: devices.online,
      baseProperties: sql<Record<string, unknown> | null>`(select p.properties from entitlement_profiles p
        where p.profile_guid = case devices.product_name
          when 'edgecaster' then ${BASE_PROFILE_GUIDS.edgecaster} else ${BASE_PROFILE_GUIDS.edgecaster_max} end)`,
      licenses: sql<LicenseRow[]>`coalesce((select json_agg(json_build_object(
          'license_id', l.license_id, 'license_name', l.license_name, 'sales_order', l.sales_order,
          'serial_number', l.serial_number, 'profile_guid', l.profile_guid, 'unlimited', l.unlimited,
          'allocation_limit', l.allocation_limit,
          'allocated', (select count(*) from license_allocations c where c.license_id = l.license_id),
          'created', l.created_at, 'expires', l.expires, 'properties', p.properties,
          'pending_deallocation', a.pending_deallocation) order by l.created_at, l.license_id)
        from licenses l
        join entitlement_profiles p on p.profile_guid = l.profile_guid
          and p.profile_platform = devices.product_name
        left join license_allocations a on a.license_id = l.license_id and a.device_guid = devices.device_guid
        where l.serial_number = devices.serial_number
          or (l.org_guid = devices.org_guid and (l.unlimited or a.device_guid is not null))), '[]'::json)`,
    })
    .from(devices)
    .where(sql`devices.device_guid = any(${sql.placeholder('deviceGuids')}::uuid[])`)
    .prepare('device_entitlements'),
);

const licenseType = (row: LicenseRow): (typeof LICENSE_TYPES)[number] => {
  if (row.serial_number !== null) return 'base';
  if (row.unlimited) return 'unlimited';
  return row.allocation_limit !== null ? 'per_device' : 'unknown';
};

const iso = (time: string) => new Date(time).toISOString();

/**
 * The effective entitlements of devices, by guid (unknown ones are left out): each device's stored base
 * profile (the contract's seed if its row is missing) merged with its licences that have not expired
 * and are not being de-allocated.
 */
export async function loadDeviceEntitlements(
  db: Db,
  deviceGuids: readonly string[],
  now = new Date(),
): Promise<Map<string, DeviceEntitlements>> {
  const found = new Map<string, DeviceEntitlements>();
  if (deviceGuids.length === 0) return found;
  const rows = await entitlementsOfDevices(db).execute({ deviceGuids: [...deviceGuids] });
  for (const row of rows) {
    const seed = BASE_PROFILES[row.productName];
    const base = { ...seed, properties: row.baseProperties ?? seed.properties };
    const granting = row.licenses.filter((license) => license.pending_deallocation !== true);
    found.set(row.deviceGuid, {
      deviceGuid: row.deviceGuid,
      productName: row.productName,
      orgGuid: row.orgGuid,
      online: row.online,
      base,
      licenses: row.licenses.map((license) => ({
        license_id: license.license_id,
        license_name: license.license_name,
        sales_order: license.sales_order,
        serial_number: license.serial_number,
        profile_guid: license.profile_guid,
        license_type: licenseType(license),
        unlimited: license.unlimited,
        allocation_limit: license.allocation_limit,
        allocated: license.allocated,
        pending_deallocation: license.pending_deallocation === true,
        created: iso(license.created),
        expires: iso(license.expires),
        expired: isLicenseExpired(license.expires, now),
      })),
      properties: mergeEntitlements(base, granting, now),
    });
  }
  return found;
}

/** One device's effective entitlements; undefined for an unknown device. */
export async function loadOneDeviceEntitlements(db: Db, deviceGuid: string, now = new Date()) {
  return (await loadDeviceEntitlements(db, [deviceGuid], now)).get(deviceGuid);
}

/**
 * A forgotten device keeps no allocation of its organization's licences: each becomes Pending
 * De-Allocation until the device has been told (decision 207).
 */
export async function markDeallocationsPending(tx: Db, deviceGuid: string) {
  await tx
    .update(licenseAllocations)
    .set({ pendingDeallocation: true })
    .where(eq(licenseAllocations.deviceGuid, deviceGuid));
}

/** The devices have been told their new entitlements: their pending de-allocations are done. */
export async function finishDeallocations(db: Db, deviceGuids: readonly string[]) {
  await db
    .delete(licenseAllocations)
    .where(
      and(
        inArray(licenseAllocations.deviceGuid, [...deviceGuids]),
        eq(licenseAllocations.pendingDeallocation, true),
      ),
    );
}
