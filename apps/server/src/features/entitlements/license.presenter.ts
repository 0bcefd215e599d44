import type { Allocation, License } from '@ec/contract/entitlements/licenses';
import { isLicenseExpired } from '@ec/contract/entitlements/merge-entitlements';
import type { LicenseRow } from './licenses.repository.ts';

/** A licence as the tables list it (spec 3 §3.11). */
export function presentLicense(row: LicenseRow, now = new Date()): License {
  return {
    license_id: row.licenseId,
    license_name: row.licenseName,
    sales_order: row.salesOrder,
    org_guid: row.orgGuid,
    serial_number: row.serialNumber,
    profile_guid: row.profileGuid,
    profile_name: row.profileName,
    profile_platform: row.profilePlatform,
    unlimited: row.unlimited,
    allocation_limit: row.allocationLimit,
    allocated: row.allocated,
    created: row.createdAt.toISOString(),
    expires: row.expires.toISOString(),
    lifespan_days: row.lifespanDays,
    expired: isLicenseExpired(row.expires, now),
  };
}

export function presentAllocation(row: {
  deviceGuid: string;
  serialNumber: string;
  deviceName: string;
  pendingDeallocation: boolean;
}): Allocation {
  return {
    device_guid: row.deviceGuid,
    serial_number: row.serialNumber,
    device_name: row.deviceName,
    pending_deallocation: row.pendingDeallocation,
  };
}
