/** The bulk actions of the device list, in the order of their buttons. */
export type BulkActionKind = 'outputs' | 'firmware' | 'container' | 'reboot';

/**
 * The buttons of the bulk actions bar (spec 2 §2.3), apart from what each action runs
 * (bulk-action-kinds.ts): the bar shows with every device list, and the command rules load with the
 * dialog, when one is opened (decision 240).
 */
export const BULK_ACTION_BUTTONS: Record<BulkActionKind, string> = {
  outputs: 'Output Control',
  firmware: 'Update Firmware',
  container: 'Install Container',
  reboot: 'Reboot Device(s)',
};
