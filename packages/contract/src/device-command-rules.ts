import type { DeviceRights } from './access.ts';
import type { DeviceCommandName } from './device-commands.ts';
import type { BooleanFeature } from './entitlements/capabilities.ts';
import { isEntitled } from './entitlements/entitlement-gates.ts';
import { isAtLeast } from './versions.ts';

/** Decided by `deviceAccessRights` (access.ts); re-exported for the rules below and their callers. */
export type { DeviceRights };

interface CommandRule {
  right: 'control' | 'edit';
  /** The entitlement the command needs (spec 2 §5); device admins bypass it. */
  feature?: BooleanFeature;
  /** The oldest cloud agent that carries the command out (spec 2 §5 command version gates). */
  cloudAgent?: string;
  /** Part of the Commands menu, which needs services.cloud.commands_interface.enabled. */
  menu: boolean;
  /**
   * What the device itself must be licensed for, as it refuses the work without it: nobody bypasses
   * it (spec 3 §6: the device needs services.docker.enabled).
   */
  deviceFeature?: BooleanFeature;
}

/** Spec 3 §6, §9: a docker command needs the Docker licence and the advanced containers agent. */
const dockerRule: CommandRule = {
  right: 'edit',
  deviceFeature: 'services.docker.enabled',
  cloudAgent: 'V1.0.0b34',
  menu: false,
};

/** Spec 2 §5-6: who may send each command, and what the device needs for it. */
export const DEVICE_COMMAND_RULES: Record<DeviceCommandName, CommandRule> = {
  restart_cloud: { right: 'control', menu: true },
  reboot_device: { right: 'control', feature: 'services.cloud.reboot_device.enabled', menu: true },
  reset_settings: { right: 'edit', feature: 'services.cloud.reset_settings.enabled', menu: true },
  update_nimbraedge_container: { right: 'edit', cloudAgent: 'V1.0.0b16', menu: true },
  enable_adb: { right: 'edit', feature: 'services.adb.enabled', cloudAgent: 'V1.0.0b20', menu: true },
  set_ui_password: {
    right: 'edit',
    feature: 'services.cloud.local_ui_password.enabled',
    cloudAgent: 'V1.7.3',
    menu: true,
  },
  safely_remove_storage: { right: 'edit', cloudAgent: 'V1.0.0b20', menu: true },
  format_storage: { right: 'edit', cloudAgent: 'V1.0.0b20', menu: true },
  upload_logs: {
    right: 'control',
    feature: 'services.cloud.download_logs.enabled',
    cloudAgent: 'V1.0.0b18',
    menu: true,
  },
  send_input_preview: {
    right: 'control',
    feature: 'services.cloud.input_preview.enabled',
    cloudAgent: 'v1.3.0',
    menu: false,
  },
  // Live container logs (spec 3 §4.4): whoever may control the device watches them.
  send_docker_logs: {
    right: 'control',
    deviceFeature: 'services.docker.enabled',
    cloudAgent: 'v1.23.0',
    menu: false,
  },
  docker_container_action: dockerRule,
  docker_container_create: dockerRule,
  docker_container_delete: dockerRule,
  docker_image_pull: dockerRule,
  docker_image_delete: dockerRule,
  check_for_update: { right: 'edit', cloudAgent: '1.5.0', menu: false },
  download_update: { right: 'edit', cloudAgent: '1.5.0', menu: false },
  apply_update: { right: 'edit', cloudAgent: '1.5.0', menu: false },
  update_cloud: { right: 'edit', menu: false },
  // Standard container management needs cloud agent v1.18.1 (spec 3 §8); the device's docker licence
  // is judged by containerInstallRefusal (containers/directory.ts).
  install_container: { right: 'edit', cloudAgent: 'v1.18.1', menu: false },
  uninstall_container: { right: 'edit', cloudAgent: 'v1.18.1', menu: false },
  // An API call on the device's local API (issue 12): scripts send them, the Commands menu does not.
  rest_direct_get: { right: 'control', menu: false },
  rest_direct_post: { right: 'control', menu: false },
  rest_direct_delete: { right: 'control', menu: false },
};

export const CLOUD_AGENT_TOO_OLD = (version: string) =>
  `This feature is not supported on ${version}, please update your cloud agent.`;

export type CommandRefusal =
  | { reason: 'rights'; message: string }
  | { reason: 'entitlement'; message: string }
  | { reason: 'cloud agent'; message: string };

/**
 * Why a command may not be sent, or null when it may: the person's rights first, then the device's
 * entitlements (not for device admins), then its cloud agent's version.
 */
export function deviceCommandRefusal(input: {
  command: DeviceCommandName;
  rights: DeviceRights;
  entitlements: Readonly<Record<string, unknown>>;
  cloudVersion: string | null;
  /** The label of a feature for messages (the capability catalogue's). */
  featureLabel: (feature: string) => string;
}): CommandRefusal | null {
  const rule = DEVICE_COMMAND_RULES[input.command];
  const { rights } = input;
  if (!rights.admin && !(rule.right === 'edit' ? rights.edit : rights.control)) {
    return {
      reason: 'rights',
      message:
        rule.right === 'edit'
          ? 'This needs edit rights on the device.'
          : 'This needs control rights on the device.',
    };
  }
  if (rule.deviceFeature && !isEntitled(input.entitlements, rule.deviceFeature))
    return {
      reason: 'entitlement',
      message: `This device is not licensed for ${input.featureLabel(rule.deviceFeature)}.`,
    };
  if (!rights.admin) {
    const needed: BooleanFeature[] = [
      ...(rule.menu ? (['services.cloud.commands_interface.enabled'] as const) : []),
      ...(rule.feature ? [rule.feature] : []),
    ];
    const missing = needed.find((feature) => !isEntitled(input.entitlements, feature));
    if (missing)
      return {
        reason: 'entitlement',
        message: `This device is not licensed for ${input.featureLabel(missing)}.`,
      };
  }
  if (rule.cloudAgent && !isAtLeast(input.cloudVersion, rule.cloudAgent)) {
    return {
      reason: 'cloud agent',
      message: CLOUD_AGENT_TOO_OLD(input.cloudVersion ?? 'an unknown version'),
    };
  }
  return null;
}

/**
 * Why the person may not change the device's configuration from the cloud (spec 3 §6), or null: edit
 * rights, and the device's configuration feature unless a device admin. The XML configuration and
 * pending update conditions come with the configuration tabs.
 */
export function configurationEditRefusal(input: {
  rights: DeviceRights;
  entitlements: Readonly<Record<string, unknown>>;
  featureLabel: (feature: string) => string;
}): CommandRefusal | null {
  if (input.rights.admin) return null;
  if (!input.rights.edit) return { reason: 'rights', message: 'This needs edit rights on the device.' };
  const feature = 'services.cloud.device_config_tab.enabled';
  return isEntitled(input.entitlements, feature)
    ? null
    : { reason: 'entitlement', message: `This device is not licensed for ${input.featureLabel(feature)}.` };
}
