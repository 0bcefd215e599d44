import { BASE_PROFILES } from '@ec/contract/entitlements/base-profiles';
import { type DeviceLicenseRecord, mergeEntitlements } from '@ec/contract/entitlements/merge-entitlements';
import type { DeviceRow } from './devices.reads.ts';

/**
 * A device's licences and its effective entitlements: its product's base profile merged with the
 * licences still running. Licences are not stored yet (the licensing work adds them); the merge
 * already takes them, so every reader goes through here.
 */
export function deviceEntitlements(device: Pick<DeviceRow, 'productName'>, now = new Date()) {
  const base = BASE_PROFILES[device.productName];
  const licenses: DeviceLicenseRecord[] = [];
  return { base, licenses, properties: mergeEntitlements(base, [], now) };
}
