import type { DeviceRights } from '@ec/contract/access';
import { CLOUD_AGENT_TOO_OLD } from '@ec/contract/device-command-rules';
import { describe, expect, it } from 'vitest';
import {
  CHECKING_LOCAL_ADDRESS,
  type CommandsMenuItem,
  canUseCommandsMenu,
  commandsMenuEntries,
  DEVICE_OFFLINE,
  LICENCES_LOADING,
  NEEDS_EDIT,
} from './menu-entries';

const CONTROL: DeviceRights = { control: true, edit: false, admin: false };
const EDIT: DeviceRights = { control: true, edit: true, admin: false };
const ADMIN: DeviceRights = { control: true, edit: true, admin: true };

const ALL_FEATURES = {
  'services.cloud.commands_interface.enabled': true,
  'services.cloud.output_control.enabled': true,
  'services.cloud.reboot_device.enabled': true,
  'services.cloud.reset_settings.enabled': true,
  'services.cloud.download_logs.enabled': true,
  'services.cloud.local_ui_password.enabled': true,
  'services.adb.enabled': true,
};

const entries = (input: Partial<Parameters<typeof commandsMenuEntries>[0]>) =>
  commandsMenuEntries({
    rights: EDIT,
    entitlements: ALL_FEATURES,
    cloudVersion: 'V1.25.0',
    online: true,
    localAccess: 'unreachable',
    featureLabel: (feature) => `<${feature}>`,
    ...input,
  });
const reasons = (list: ReturnType<typeof entries>) =>
  Object.fromEntries(list.map((entry) => [entry.item, entry.disabledReason])) as Record<
    CommandsMenuItem,
    string | null
  >;

describe('commandsMenuEntries (spec 2 §2.5, §5-6)', () => {
  it('offers everything to an editor of a licensed, online, recent device', () => {
    const list = entries({});
    expect(list.map((entry) => entry.label)).toEqual([
      'Output Control',
      'Download Logs',
      'ADB over IP',
      'Storage Devices',
      'Local UI Password',
      'Reset Settings',
      'Reboot',
      'Update Container',
      'Edit Metadata',
      'Edit Note',
    ]);
    expect(list.every((entry) => entry.disabledReason === null)).toBe(true);
  });

  it('keeps the edit items from a person who may only control the device', () => {
    const found = reasons(entries({ rights: CONTROL }));
    expect(found.reboot).toBeNull();
    expect(found.logs).toBeNull();
    expect(found.output_control).toBeNull();
    for (const item of ['adb', 'storage', 'ui_password', 'reset', 'update_container'] as const)
      expect(found[item]).toBe(NEEDS_EDIT);
    expect(found.metadata).toBe(NEEDS_EDIT);
    expect(found.note).toBe(NEEDS_EDIT);
  });

  it('names the missing licence, hides ADB without it, and lets device admins bypass both', () => {
    const unlicensed = { 'services.cloud.commands_interface.enabled': true };
    const found = reasons(entries({ entitlements: unlicensed }));
    expect(found.reboot).toBe('This device is not licensed for <services.cloud.reboot_device.enabled>.');
    expect(found.output_control).toBe(
      'This device is not licensed for <services.cloud.output_control.enabled>.',
    );
    expect(found.storage).toBeNull();
    expect(entries({ entitlements: unlicensed }).some((entry) => entry.item === 'adb')).toBe(false);

    const admin = entries({ rights: ADMIN, entitlements: {} });
    expect(admin.some((entry) => entry.item === 'adb')).toBe(true);
    expect(admin.every((entry) => entry.disabledReason === null)).toBe(true);
  });

  it('says the licences are being checked until the entitlements are loaded', () => {
    const found = reasons(entries({ entitlements: null }));
    expect(found.reboot).toBe(LICENCES_LOADING);
    expect(found.output_control).toBe(LICENCES_LOADING);
    expect(found.metadata).toBeNull();
  });

  it("refuses what the device's cloud agent is too old for", () => {
    const found = reasons(entries({ cloudVersion: 'V1.5.0' }));
    expect(found.ui_password).toBe(CLOUD_AGENT_TOO_OLD('V1.5.0'));
    expect(found.storage).toBeNull();
    expect(reasons(entries({ cloudVersion: 'V1.0.0b17' })).logs).toBe(CLOUD_AGENT_TOO_OLD('V1.0.0b17'));
  });

  it('disables the device commands of an offline device, not its metadata', () => {
    const found = reasons(entries({ online: false }));
    expect(found.reboot).toBe(DEVICE_OFFLINE);
    expect(found.output_control).toBe(DEVICE_OFFLINE);
    expect(found.metadata).toBeNull();
    expect(found.note).toBeNull();
  });

  it('shows Manage Device while its address is checked and once it answered, not when unreachable', () => {
    expect(reasons(entries({ localAccess: 'checking' })).manage).toBe(CHECKING_LOCAL_ADDRESS);
    expect(reasons(entries({ localAccess: 'reachable' })).manage).toBeNull();
    expect(entries({ localAccess: 'unreachable' }).some((entry) => entry.item === 'manage')).toBe(false);
  });

  it('shows the Commands button to people who may control the device', () => {
    expect(canUseCommandsMenu(CONTROL)).toBe(true);
    expect(canUseCommandsMenu({ control: false, edit: false, admin: false })).toBe(false);
  });
});
