import { describe, expect, it } from 'vitest';
import type { DeviceRights } from './access.ts';
import { BULK_ACTIONS_FEATURE, bulkActionBodySchema, bulkActionRefusal } from './bulk-actions.ts';
import { BASE_PROFILES } from './entitlements/base-profiles.ts';
import { featureLabel } from './entitlements/capability-catalogue.ts';
import { mergeEntitlements } from './entitlements/merge-entitlements.ts';

const base = mergeEntitlements(BASE_PROFILES.edgecaster, [], new Date());
const licensed = { ...base, [BULK_ACTIONS_FEATURE]: true };
const orgAdmin: DeviceRights = { control: true, edit: true, admin: false };
const deviceAdmin: DeviceRights = { control: false, edit: false, admin: true };
const refusal = (rights: DeviceRights, entitlements: Record<string, unknown>) =>
  bulkActionRefusal({ rights, entitlements, featureLabel: (feature) => featureLabel('edgecaster', feature) });

describe('bulkActionRefusal (spec 2 §5 bulk_actions)', () => {
  it('refuses a device with base entitlements (Bulk Actions Disabled) to a caller who is not a device admin', () => {
    expect(base[BULK_ACTIONS_FEATURE]).toBe(false);
    expect(refusal(orgAdmin, base)).toEqual({
      reason: 'entitlement',
      message: 'This device is not licensed for Bulk Actions.',
    });
  });

  it('lets a licensed device through, and a device admin past the gate', () => {
    expect(refusal(orgAdmin, licensed)).toBeNull();
    expect(refusal(deviceAdmin, base)).toBeNull();
  });
});

describe('bulkActionBodySchema', () => {
  const guid = '11111111-1111-4111-8111-111111111111';
  it('takes an action and its devices, once each', () => {
    expect(bulkActionBodySchema.safeParse({ action: 'reboot_device', device_guids: [guid] }).success).toBe(
      true,
    );
    const twice = bulkActionBodySchema.safeParse({ action: 'reboot_device', device_guids: [guid, guid] });
    expect(twice.error?.issues[0]?.message).toBe('Each device may appear once');
  });

  it('needs enable for Output Control', () => {
    const missing = bulkActionBodySchema.safeParse({ action: 'output_control', device_guids: [guid] });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['enable'],
      message: 'Output Control needs enable (true or false)',
    });
  });

  it('needs the directory container for Install Container', () => {
    const missing = bulkActionBodySchema.safeParse({ action: 'container_install', device_guids: [guid] });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['container_id'],
      message: 'Install Container needs container_id (a container of the directory)',
    });
    const body = { action: 'container_install', device_guids: [guid], container_id: guid };
    expect(bulkActionBodySchema.safeParse(body).success).toBe(true);
  });
});
