import type { BulkActionName } from '@ec/contract/bulk-actions';
import { CONFIRMATION_WORDS, type ConfirmationWord } from '../../../lib/device-commands/confirmation-word';
import { BULK_ACTION_BUTTONS, type BulkActionKind } from './bulk-action-buttons';
import { rightFor } from './device-tasks';

export type { BulkActionKind };

export interface BulkActionSpec {
  /** The button on the device list (spec 2 §2.3). */
  button: string;
  title: string;
  text: string;
  /** The button that starts it. */
  run: string;
  /** The word typed first, where the single-device action asks for one (spec 2 §4.8). */
  word?: ConfirmationWord;
  right: 'control' | 'edit';
  /** What POST /devices/bulk_actions is asked to run. */
  action: BulkActionName;
}

/**
 * The bulk actions that send something to each device. Update Firmware sends `download_update` to
 * both products: the command the spec names as the update default (spec 2 §7), which on edgecaster
 * leaves the daemon 'awaiting reboot' and on edgecaster_max the system 'update downloaded'.
 */
export const BULK_ACTIONS: Record<BulkActionKind, BulkActionSpec> = {
  reboot: {
    button: BULK_ACTION_BUTTONS.reboot,
    title: 'Reboot Devices',
    text: 'Each device restarts: it goes offline and stops streaming until it is back online.',
    run: 'Reboot',
    word: CONFIRMATION_WORDS.reboot,
    right: rightFor('reboot_device'),
    action: 'reboot_device',
  },
  firmware: {
    button: BULK_ACTION_BUTTONS.firmware,
    title: 'Update Firmware',
    text: 'Each device downloads the newest firmware for its product. It applies the update on its next reboot.',
    run: 'Update Firmware',
    right: rightFor('download_update'),
    action: 'download_update',
  },
  outputs: {
    button: BULK_ACTION_BUTTONS.outputs,
    title: 'Output Control',
    text: 'Turns every configured output of each device (all but thumbnail outputs) on or off.',
    run: 'Apply',
    right: 'control',
    action: 'output_control',
  },
  container: {
    button: BULK_ACTION_BUTTONS.container,
    title: 'Install Container',
    text: "Each device pulls the container's image and starts it. A licensable container installs only on devices licensed for it.",
    run: 'Install',
    right: rightFor('install_container'),
    action: 'container_install',
  },
};
