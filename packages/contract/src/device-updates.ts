import type { DeviceRights } from './access.ts';
import type { DeviceCommandName } from './device-commands.ts';
import type { DeviceState } from './devices.ts';
import type { DeviceProduct } from './products.ts';
import { compareVersions, isAtLeast } from './versions.ts';

/**
 * Firmware and cloud agent updates (spec 2 §3 updatesAvailable and update_state, §4.6, §5-6): the
 * release catalogue, what a device may update to, and what the console shows about it, as pure
 * functions the server, the browser and the simulator share.
 */

/** The latest official releases: the firmware per product and the cloud agent. The simulator installs these. */
export const LATEST_RELEASES = {
  firmware: { edgecaster: 'v10.6.0', edgecaster_max: 'v11.3.0' } satisfies Record<DeviceProduct, string>,
  cloud: 'V1.26.0',
} as const;

/**
 * A cloud agent updates itself from the updaters' minimum on (spec 2 §5 'updaters minimum 1.5.0'); the
 * spec's exceptions in update checks (V1.0.0b44 and its BB-PROD build) are betas that carry the
 * updater already, so they may self-update too.
 */
export const CLOUD_SELF_UPDATE_MINIMUM = '1.5.0';
export const CLOUD_SELF_UPDATE_EXCEPTIONS: readonly string[] = ['V1.0.0b44', 'V1.0.0b44-BB-PROD'];

export const canCloudAgentSelfUpdate = (version: string | null | undefined): boolean =>
  typeof version === 'string' &&
  (CLOUD_SELF_UPDATE_EXCEPTIONS.includes(version.trim()) || isAtLeast(version, CLOUD_SELF_UPDATE_MINIMUM));

/** A development build names itself in its version's suffix: 'V1.26.0-dev', 'v11.3.0-dev.4'. */
export const isDevelopmentBuild = (version: string | null | undefined): boolean =>
  typeof version === 'string' && /[-+.]dev\b/i.test(version);

/**
 * Spec 2 §3's flags of a device's cloud_version: `dev` when the agent is a development build (the
 * console warns that an official release may be older, spec 2 §4.6), `manual_update_required` when a
 * newer cloud agent is available but the agent cannot update itself (below the updaters' minimum and
 * not one of the spec's exceptions), so it must be upgraded by hand. Both false while the version is
 * unknown.
 */
export function cloudVersionFlags(cloudVersion: string | null): {
  dev: boolean;
  manual_update_required: boolean;
} {
  return {
    dev: isDevelopmentBuild(cloudVersion),
    manual_update_required:
      newerRelease(cloudVersion, LATEST_RELEASES.cloud) !== null && !canCloudAgentSelfUpdate(cloudVersion),
  };
}

/** Spec 2 §3 Device.updatesAvailable: the release each part may update to, null when there is none. */
export interface UpdatesAvailable {
  cloud: string | null;
  device: string | null;
}

/** The release, when it is newer than the version, or when the version is a development build. */
function newerRelease(version: string | null, release: string): string | null {
  if (version === null) return null;
  if (isDevelopmentBuild(version)) return release;
  return compareVersions(version, release) < 0 ? release : null;
}

export function updatesAvailable(device: {
  product_name: DeviceProduct;
  firmware_version: string | null;
  cloud_version: string | null;
}): UpdatesAvailable {
  return {
    cloud: newerRelease(device.cloud_version, LATEST_RELEASES.cloud),
    device: newerRelease(device.firmware_version, LATEST_RELEASES.firmware[device.product_name]),
  };
}

/** The commands that update a device (spec 2 §4.6: update_cloud, and update_device's download and apply). */
export const UPDATE_COMMANDS = [
  'update_cloud',
  'download_update',
  'apply_update',
] as const satisfies readonly DeviceCommandName[];
export const isUpdateCommand = (command: string) => (UPDATE_COMMANDS as readonly string[]).includes(command);

/** The module of update_state whose status the console reads, per product (spec 2 §4.6). */
export const UPDATE_MODULE: Record<DeviceProduct, string> = {
  edgecaster: 'daemon',
  edgecaster_max: 'system',
};

/** The edgecaster_max system update statuses the console acts on (lower-cased, spec 2 §4.6). */
export const SYSTEM_UPDATE_STATUS = {
  available: 'update available for download',
  downloading: 'downloading update',
  downloaded: 'update downloaded',
  awaitingReboot: 'awaiting reboot',
  upToDate: 'already on newer version',
} as const;

type UpdateStateEntry = DeviceState['update_state'][number];

/** The product's update module entry of the state, its status lower-cased; null when it reports none. */
export function moduleUpdate(
  product: DeviceProduct,
  state: Pick<DeviceState, 'update_state'> | null | undefined,
): (UpdateStateEntry & { status: string }) | null {
  const entry = state?.update_state.find((update) => update.module === UPDATE_MODULE[product]);
  return entry ? { ...entry, status: entry.status.trim().toLowerCase() } : null;
}

/** What the update rules read: the device's product, its state and the commands in flight for it. */
export interface UpdateContext {
  product: DeviceProduct;
  state: Pick<DeviceState, 'update_state'> | null | undefined;
  /** Names of the device's commands that are sent and not yet finished. */
  inFlight: readonly string[];
}

/** The states of an apply action that is over; any other (or none) means it is still in progress. */
const APPLY_OVER = ['complete', 'completed', 'done', 'failed', 'error'];

/**
 * Spec 2 §4.6: an update_cloud, download or apply command in flight, or, on an Edgecaster Max, a
 * system update downloading or an apply in progress.
 */
export function isDeviceUpdating({ product, state, inFlight }: UpdateContext): boolean {
  if (inFlight.some(isUpdateCommand)) return true;
  if (product !== 'edgecaster_max') return false;
  const update = moduleUpdate(product, state);
  if (update?.status === SYSTEM_UPDATE_STATUS.downloading) return true;
  return update?.action?.toLowerCase() === 'apply' && !APPLY_OVER.includes(update.state?.toLowerCase() ?? '');
}

export const UPDATING_LABEL = 'Updating...';
/** The server's refusal of a configuration change while the device updates (spec 3 §6). */
export const DEVICE_UPDATING_MESSAGE =
  'The configuration cannot be changed while the device is updating; try again once the update is over.';
export const REBOOT_TO_UPDATE_LABEL = 'Reboot to update';

export type FirmwareLabel =
  | { kind: 'updating'; text: typeof UPDATING_LABEL }
  | { kind: 'reboot'; text: typeof REBOOT_TO_UPDATE_LABEL }
  | { kind: 'version'; text: string; highlighted: boolean };

/**
 * The firmware label (spec 2 §4.6): 'Updating...', 'Reboot to update' once an update waits for a
 * reboot (Edgecaster: daemon 'awaiting reboot'; Edgecaster Max: system 'update downloaded'), otherwise
 * the firmware version, highlighted when an update exists and the device is online.
 */
export function firmwareLabel(
  context: UpdateContext & {
    firmwareVersion: string | null;
    online: boolean;
    updates: UpdatesAvailable;
  },
): FirmwareLabel {
  if (isDeviceUpdating(context)) return { kind: 'updating', text: UPDATING_LABEL };
  const waiting =
    context.product === 'edgecaster' ? SYSTEM_UPDATE_STATUS.awaitingReboot : SYSTEM_UPDATE_STATUS.downloaded;
  if (moduleUpdate(context.product, context.state)?.status === waiting)
    return { kind: 'reboot', text: REBOOT_TO_UPDATE_LABEL };
  return {
    kind: 'version',
    text: context.firmwareVersion ?? '',
    highlighted: context.online && Boolean(context.updates.device || context.updates.cloud),
  };
}

/**
 * What the Edgecaster Max system update offers (spec 2 §4.6): Download system, a progress bar while
 * downloading, Apply system update & reboot once downloaded (or awaiting a reboot), Check for Update
 * when on the newest version or before the device has reported any system update status, and the
 * status as disabled text otherwise. Without a state: 'Device state is unknown'.
 */
export type SystemUpdateAction =
  | { kind: 'unknown'; text: string }
  | { kind: 'download' }
  | { kind: 'downloading'; percent: number }
  | { kind: 'apply' }
  | { kind: 'check' }
  | { kind: 'status'; text: string };

export function systemUpdateAction(
  state: Pick<DeviceState, 'update_state'> | null | undefined,
): SystemUpdateAction {
  if (!state) return { kind: 'unknown', text: DEVICE_STATE_UNKNOWN };
  const update = moduleUpdate('edgecaster_max', state);
  if (!update) return { kind: 'check' };
  switch (update.status) {
    case SYSTEM_UPDATE_STATUS.upToDate:
      return { kind: 'check' };
    case SYSTEM_UPDATE_STATUS.available:
      return { kind: 'download' };
    case SYSTEM_UPDATE_STATUS.downloading:
      return { kind: 'downloading', percent: Math.max(0, Math.min(100, update.progress_percent ?? 0)) };
    case SYSTEM_UPDATE_STATUS.downloaded:
    case SYSTEM_UPDATE_STATUS.awaitingReboot:
      return { kind: 'apply' };
    default:
      return { kind: 'status', text: update.status };
  }
}

/** Spec 2 §4.6: update buttons need edit rights, an online device and no update in progress. */
export const canStartUpdate = (input: { rights: DeviceRights; online: boolean; updating: boolean }) =>
  (input.rights.admin || input.rights.edit) && input.online && !input.updating;

/** Spec 2 §4.6: re-installing the cloud agent is for device admins, on Edgecaster products. */
export const canReinstallCloudAgent = (input: { rights: DeviceRights; product: string }) =>
  input.rights.admin && input.product.startsWith('edgecaster');

/* The messages of spec 2 §4.6, word for word. */
export const UPDATE_REQUESTED = 'Update Requested';
export const CLOUD_UPDATE_REQUESTED = 'Cloud Update Requested';
export const UPDATE_COMMAND_ACCEPTED = 'Update Command Accepted';
export const OFFLINE_UPDATE_MESSAGE = (version: string) =>
  `${version} is available. However, you are unable to apply updates while the device is offline.`;
export const NO_SELF_UPDATE_MESSAGE = (version: string) =>
  `${version} is available. However, the version you are on does not support self-updating. Please follow the manual upgrade steps.`;
export const DEVELOPMENT_BUILD_MESSAGE =
  'You are currently running a development build, updating to an official release may give you an older version than you are currently running.';
export const SLOW_DOWNLOAD_HINT =
  'This may be due to slow download speeds. Check back later to apply update.';
export const DEVICE_STATE_UNKNOWN = 'Device state is unknown';
export const SYSTEM_REBOOTING = 'The device is rebooting...';

/**
 * The text of an update command's status (spec 2 §4.6): issued and accepted say so in the spec's words;
 * a finished one says the device's message (or the parsed error), and a rejected or error update of an
 * Edgecaster adds the slow-download hint.
 */
export function updateStatusText(input: {
  status: 'issued' | 'accepted' | 'complete' | 'failed' | 'rejected' | 'error';
  message: string;
  cloud: boolean;
  product: DeviceProduct;
}): string {
  if (input.status === 'issued') return input.cloud ? CLOUD_UPDATE_REQUESTED : UPDATE_REQUESTED;
  if (input.status === 'accepted') return UPDATE_COMMAND_ACCEPTED;
  const slow = input.product === 'edgecaster' && (input.status === 'rejected' || input.status === 'error');
  return slow ? `${input.message} ${SLOW_DOWNLOAD_HINT}` : input.message;
}
