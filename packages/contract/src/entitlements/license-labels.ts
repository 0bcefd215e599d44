import { isLicenseExpired } from './merge-entitlements.ts';

/**
 * What the labels read of a licence: the administrators' licence (licenses.ts) and the device's
 * (merge-entitlements.ts, where the device-side license_type may be all there is) both fit.
 */
export interface LabelledLicense {
  license_name?: string | null;
  unlimited?: boolean;
  allocation_limit?: number | null;
  allocated?: number;
  serial_number?: string | null;
  license_type?: string;
  pending_deallocation?: boolean;
  expired: boolean;
  expires: string;
}

/** A licence without a name reads 'Unnamed' (spec 2 §2.12). */
export const licenseName = (license: LabelledLicense) => license.license_name?.trim() || 'Unnamed';

/**
 * The license type label (spec 2 §4.10, spec 3 §3.11): unlimited → 'Unlimited License'; an
 * allocation_limit → 'Per-Device License (N allocated, M in use)'; a serial number → 'Base License';
 * otherwise 'Unknown'. A record that carries only the device-side `license_type` is labelled by it.
 */
export function licenseTypeLabel(license: LabelledLicense): string {
  if (license.unlimited) return 'Unlimited License';
  if (license.allocation_limit)
    return `Per-Device License (${license.allocation_limit} allocated, ${license.allocated ?? 0} in use)`;
  if (license.serial_number) return 'Base License';
  switch (license.license_type) {
    case 'unlimited':
      return 'Unlimited License';
    case 'per_device':
      return 'Per-Device License';
    case 'base':
      return 'Base License';
    default:
      return 'Unknown';
  }
}

/** Allocated, or Pending De-Allocation while this device's allocation is being removed (spec 2 §4.10). */
export const allocationStatus = (license: LabelledLicense) =>
  license.pending_deallocation ? 'Pending De-Allocation' : 'Allocated';

/** Expired when the expiry is in the past (spec 2 §4.10), also when it passed after the list was read. */
export const isExpired = (license: LabelledLicense, now: Date) =>
  license.expired || isLicenseExpired(license.expires, now);
