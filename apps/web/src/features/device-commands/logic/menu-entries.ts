import type { DeviceRights } from '@ec/contract/access';
import { deviceCommandRefusal } from '@ec/contract/device-command-rules';
import type { DeviceCommandName } from '@ec/contract/device-commands';
import { isEntitled } from '@ec/contract/entitlements/entitlement-gates';
import { outputControlRefusal } from '@ec/contract/output-control';

/** The Commands menu's items (spec 2 §2.5), in the menu's order. */
export const COMMANDS_MENU_ITEMS = [
  'output_control',
  'logs',
  'adb',
  'storage',
  'ui_password',
  'reset',
  'reboot',
  'manage',
  'update_container',
  'metadata',
  'note',
] as const;
export type CommandsMenuItem = (typeof COMMANDS_MENU_ITEMS)[number];

export const MENU_LABELS: Record<CommandsMenuItem, string> = {
  output_control: 'Output Control',
  logs: 'Download Logs',
  adb: 'ADB over IP',
  storage: 'Storage Devices',
  ui_password: 'Local UI Password',
  reset: 'Reset Settings',
  reboot: 'Reboot',
  manage: 'Manage Device',
  update_container: 'Update Container',
  metadata: 'Edit Metadata',
  note: 'Edit Note',
};

/** The command whose rule (device-command-rules) decides each device item. */
const ITEM_COMMANDS: Partial<Record<CommandsMenuItem, DeviceCommandName>> = {
  logs: 'upload_logs',
  adb: 'enable_adb',
  storage: 'safely_remove_storage',
  ui_password: 'set_ui_password',
  reset: 'reset_settings',
  reboot: 'reboot_device',
  update_container: 'update_nimbraedge_container',
};

export const DEVICE_OFFLINE = 'The device is offline.';
export const LICENCES_LOADING = 'Checking what the device is licensed for...';
export const NEEDS_EDIT = 'This needs edit rights on the device.';
export const CHECKING_LOCAL_ADDRESS = 'Checking whether the device answers on its local address...';

/** Whether the device's local address answered the browser (see check-local-access). */
export type LocalAccess = 'checking' | 'reachable' | 'unreachable';

export interface CommandsMenuEntry {
  item: CommandsMenuItem;
  label: string;
  /** Why the item cannot be used now, shown under its label; null when it can. */
  disabledReason: string | null;
}

/**
 * The items the person sees and why any of them is disabled (spec 2 §4.7-4.8, §5-6): rights, then
 * the device's licence (device admins bypass it; unknown until the entitlements are loaded), then its
 * cloud agent's version, then whether it is online. The metadata and the note are the cloud's, not
 * the device's: they need edit rights only. ADB is hidden unless the device is licensed for it;
 * Manage Device shows only once the device's local address answered.
 */
export function commandsMenuEntries(input: {
  rights: DeviceRights;
  /** The device's effective entitlements; null while they load. */
  entitlements: Readonly<Record<string, unknown>> | null;
  cloudVersion: string | null;
  online: boolean;
  localAccess: LocalAccess;
  featureLabel: (feature: string) => string;
}): CommandsMenuEntry[] {
  const { rights, online } = input;
  const entitlements = input.entitlements ?? {};
  const licencesKnown = input.entitlements !== null || rights.admin;
  const licensed = (reason: string | null, isLicenceReason: boolean) =>
    reason && isLicenceReason && !licencesKnown ? LICENCES_LOADING : reason;

  const reasonFor = (item: CommandsMenuItem): string | null => {
    const command = ITEM_COMMANDS[item];
    if (command) {
      const refusal = deviceCommandRefusal({
        command,
        rights,
        entitlements,
        cloudVersion: input.cloudVersion,
        featureLabel: input.featureLabel,
      });
      if (refusal) return licensed(refusal.message, refusal.reason === 'entitlement');
      return online ? null : DEVICE_OFFLINE;
    }
    switch (item) {
      case 'output_control': {
        const refusal = outputControlRefusal({ rights, entitlements, featureLabel: input.featureLabel });
        if (refusal) return licensed(refusal.message, refusal.reason === 'entitlement');
        return online ? null : DEVICE_OFFLINE;
      }
      case 'manage':
        return input.localAccess === 'checking' ? CHECKING_LOCAL_ADDRESS : null;
      default:
        return rights.edit || rights.admin ? null : NEEDS_EDIT;
    }
  };

  const shown = (item: CommandsMenuItem) => {
    if (item === 'adb') return rights.admin || isEntitled(entitlements, 'services.adb.enabled');
    if (item === 'manage') return input.localAccess !== 'unreachable';
    return true;
  };

  return COMMANDS_MENU_ITEMS.filter(shown).map((item) => ({
    item,
    label: MENU_LABELS[item],
    disabledReason: reasonFor(item),
  }));
}

/** The Commands button shows for people who may control the device (spec 2 §6). */
export const canUseCommandsMenu = (rights: DeviceRights) => rights.control || rights.admin;
