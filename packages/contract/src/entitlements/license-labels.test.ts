import { describe, expect, it } from 'vitest';
import { allocationStatus, isExpired, licenseName, licenseTypeLabel } from './license-labels.ts';
import type { DeviceLicense } from './merge-entitlements.ts';

const license = (overrides: Partial<DeviceLicense> = {}): DeviceLicense => ({
  profile_guid: 'PREMIUM_OUTPUTS',
  license_type: 'unknown',
  created: '2026-01-01T00:00:00.000Z',
  expires: '2027-01-01T00:00:00.000Z',
  expired: false,
  ...overrides,
});

describe('licence labels (spec 2 §4.10)', () => {
  it('labels the licence type in the order of the spec', () => {
    expect(licenseTypeLabel(license({ unlimited: true, allocation_limit: 5 }))).toBe('Unlimited License');
    expect(licenseTypeLabel(license({ allocation_limit: 10, allocated: 3 }))).toBe(
      'Per-Device License (10 allocated, 3 in use)',
    );
    expect(licenseTypeLabel(license({ serial_number: '1234-1234' }))).toBe('Base License');
    expect(licenseTypeLabel(license())).toBe('Unknown');
  });

  it('falls back to the device-side licence type', () => {
    expect(licenseTypeLabel(license({ license_type: 'unlimited' }))).toBe('Unlimited License');
    expect(licenseTypeLabel(license({ license_type: 'per_device' }))).toBe('Per-Device License');
    expect(licenseTypeLabel(license({ license_type: 'base' }))).toBe('Base License');
  });

  it('names an unnamed licence, and tells allocation and expiry', () => {
    expect(licenseName(license())).toBe('Unnamed');
    expect(licenseName(license({ license_name: '  ' }))).toBe('Unnamed');
    expect(licenseName(license({ license_name: 'Zixi outputs' }))).toBe('Zixi outputs');
    expect(allocationStatus(license())).toBe('Allocated');
    expect(allocationStatus(license({ pending_deallocation: true }))).toBe('Pending De-Allocation');
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(isExpired(license(), now)).toBe(false);
    expect(isExpired(license({ expires: '2026-05-31T23:59:59.000Z' }), now)).toBe(true);
    expect(isExpired(license({ expired: true }), now)).toBe(true);
  });
});
