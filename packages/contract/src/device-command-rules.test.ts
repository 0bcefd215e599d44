import { describe, expect, it } from 'vitest';
import {
  CLOUD_AGENT_TOO_OLD,
  type CommandRefusal,
  configurationEditRefusal,
  type DeviceRights,
  deviceCommandRefusal,
} from './device-command-rules.ts';
import type { DeviceCommandName } from './device-commands.ts';
import { BASE_PROFILES } from './entitlements/base-profiles.ts';
import { featureLabel } from './entitlements/capability-catalogue.ts';
import { mergeEntitlements } from './entitlements/merge-entitlements.ts';

const base = mergeEntitlements(BASE_PROFILES.edgecaster, [], new Date());
const everything = Object.fromEntries(Object.keys(base).map((feature) => [feature, true]));
const viewer: DeviceRights = { control: false, edit: false, admin: false };
const controller: DeviceRights = { control: true, edit: false, admin: false };
const editor: DeviceRights = { control: true, edit: true, admin: false };
const deviceAdmin: DeviceRights = { control: false, edit: false, admin: true };

const refusal = (
  command: DeviceCommandName,
  rights: DeviceRights,
  entitlements: Record<string, unknown> = everything,
  cloudVersion: string | null = 'V1.25.0',
) =>
  deviceCommandRefusal({
    command,
    rights,
    entitlements,
    cloudVersion,
    featureLabel: (feature) => featureLabel('edgecaster', feature),
  })?.message ?? null;

describe('deviceCommandRefusal (spec 2 §5-6)', () => {
  it.each<[DeviceCommandName, DeviceRights, string | null]>([
    ['reboot_device', controller, null],
    ['reboot_device', viewer, 'This needs control rights on the device.'],
    ['upload_logs', controller, null],
    ['reset_settings', controller, 'This needs edit rights on the device.'],
    ['format_storage', controller, 'This needs edit rights on the device.'],
    ['apply_update', editor, null],
    ['reset_settings', deviceAdmin, null],
    ['rest_direct_get', controller, null],
    ['rest_direct_post', controller, null],
    ['rest_direct_delete', viewer, 'This needs control rights on the device.'],
  ])('%s by %o', (command, rights, expected) => {
    expect(refusal(command, rights)).toBe(expected);
  });

  it('reads the feature gates of the device, which device admins bypass', () => {
    expect(refusal('enable_adb', editor, base)).toBe('This device is not licensed for ADB over IP.');
    expect(refusal('enable_adb', deviceAdmin, base)).toBeNull();
    expect(refusal('reboot_device', controller, base)).toBeNull();
    const noMenu = { ...everything, 'services.cloud.commands_interface.enabled': false };
    expect(refusal('reboot_device', controller, noMenu)).toBe(
      'This device is not licensed for Device Commands.',
    );
    // Firmware updates and calls on the local API are not in the Commands menu.
    expect(refusal('check_for_update', editor, noMenu)).toBeNull();
    expect(refusal('rest_direct_get', controller, noMenu)).toBeNull();
  });

  it('holds commands back from a cloud agent too old for them, for everyone', () => {
    expect(refusal('set_ui_password', editor, everything, 'V1.7.2')).toBe(CLOUD_AGENT_TOO_OLD('V1.7.2'));
    expect(refusal('set_ui_password', deviceAdmin, everything, 'V1.7.3')).toBeNull();
    expect(refusal('enable_adb', deviceAdmin, everything, 'V1.0.0b16')).toBe(
      CLOUD_AGENT_TOO_OLD('V1.0.0b16'),
    );
    expect(refusal('format_storage', editor, everything, null)).toBe(
      CLOUD_AGENT_TOO_OLD('an unknown version'),
    );
    expect(refusal('reboot_device', controller, everything, null)).toBeNull();
  });
});

describe('configurationEditRefusal (spec 3 §6)', () => {
  const noConfig = { ...everything, 'services.cloud.device_config_tab.enabled': false };
  const label = (feature: string) => featureLabel('edgecaster', feature);
  it.each<[DeviceRights, Record<string, unknown>, CommandRefusal | null]>([
    [editor, base, null],
    [controller, base, { reason: 'rights', message: 'This needs edit rights on the device.' }],
    [
      editor,
      noConfig,
      { reason: 'entitlement', message: 'This device is not licensed for Device Configuration Tab.' },
    ],
    [deviceAdmin, noConfig, null],
  ])('%o', (rights, entitlements, expected) => {
    expect(configurationEditRefusal({ rights, entitlements, featureLabel: label })).toEqual(expected);
  });
});
