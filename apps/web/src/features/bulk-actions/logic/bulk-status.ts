import type { CommandProgress } from '../../../lib/device-commands/command-progress';
import { WORKING_MESSAGE } from '../../../lib/device-commands/command-progress';

/**
 * Where one device of a bulk action stands (spec 2 §2.3, §4.5): waiting for its turn, not sent (the
 * console knew it would be refused, or the device is offline), refused by the server as not licensed
 * or for its cloud agent's version, on its way, sent and waiting for the device, accepted by the
 * device, then its final state.
 */
export type BulkStatus =
  | 'queued'
  | 'not sent'
  | 'not licensed'
  | 'container not licensed'
  | 'unsupported device'
  | 'unsupported version'
  | 'issued'
  | 'sent'
  | 'accepted'
  | 'complete'
  | 'failed'
  | 'rejected'
  | 'error';

export interface BulkItem {
  status: BulkStatus;
  /** The device's message, the refusal's text, or the step the action is at. */
  message: string;
}

const FINAL: readonly BulkStatus[] = [
  'not sent',
  'not licensed',
  'container not licensed',
  'unsupported device',
  'unsupported version',
  'complete',
  'failed',
  'rejected',
  'error',
];
export const isFinalBulkStatus = (status: BulkStatus) => FINAL.includes(status);
export const isBulkFailure = (status: BulkStatus) => isFinalBulkStatus(status) && status !== 'complete';

export const QUEUED: BulkItem = { status: 'queued', message: 'Waiting for its turn...' };

/**
 * What each status is called in the dialog: the spec's 'Command Accepted', 'Not Licensed',
 * 'Container Not Licensed', 'Unsupported Device', 'Unsupported Version' and 'Processing Command...'.
 */
export const BULK_STATUS_LABELS: Record<BulkStatus, string> = {
  queued: 'Queued',
  'not sent': 'Not Sent',
  'not licensed': 'Not Licensed',
  'container not licensed': 'Container Not Licensed',
  'unsupported device': 'Unsupported Device',
  'unsupported version': 'Unsupported Version',
  issued: 'Processing Command...',
  sent: 'Command Sent',
  accepted: 'Command Accepted',
  complete: 'Complete',
  failed: 'Failed',
  rejected: 'Rejected',
  error: 'Error',
};

/** A device command's progress (the single-device flow's own logic) as a bulk item. */
export function bulkItemOf(progress: CommandProgress): BulkItem {
  if (progress.status === 'accepted')
    return { status: progress.message === WORKING_MESSAGE ? 'accepted' : 'sent', message: progress.message };
  return { status: progress.status, message: progress.message };
}

/** The dialog's overall progress: how many devices are done, of how many, and how many did not succeed. */
export function bulkSummary(items: readonly BulkItem[]) {
  const done = items.filter((item) => isFinalBulkStatus(item.status)).length;
  const failed = items.filter((item) => isBulkFailure(item.status)).length;
  return {
    done,
    total: items.length,
    failed,
    percent: items.length === 0 ? 0 : Math.round((done / items.length) * 100),
    running: items.some((item) => !isFinalBulkStatus(item.status)),
  };
}
