import type { DeviceRights } from '@ec/contract/access';
import { DEVICE_COMMAND_RULES } from '@ec/contract/device-command-rules';
import {
  DEVICE_COMMAND_MAX_ATTEMPTS,
  DEVICE_COMMAND_POLL_MS,
  type DeviceCommand,
  type DeviceCommandRequest,
} from '@ec/contract/device-commands';
import type { OutputToggle } from '@ec/contract/output-control';
import {
  SHADOW_COMMAND_MAX_ATTEMPTS,
  SHADOW_COMMAND_POLL_MS,
  type ShadowCommand,
} from '@ec/contract/shadows';
import { commandProgress, WAITING_MESSAGE } from '../../../lib/device-commands/command-progress';
import { outputToggleRows } from '../../../lib/device-commands/output-toggles';
import { commandOutcome } from '../../../lib/shadows/command-outcome';
import { type BulkItem, bulkItemOf } from './bulk-status';

/** Spec 2 §2.3's word for a device the action skips because it is offline. */
export const DEVICE_OFFLINE = 'Device Offline';
export const NO_OUTPUTS = 'No configured outputs';
export const READING_OUTPUTS = 'Reading the outputs...';

const RIGHT_MESSAGES = {
  control: 'This needs control rights on the device.',
  edit: 'This needs edit rights on the device.',
} as const;

/**
 * Why the console does not send the action to a device, from what it knows before sending: offline
 * (spec 2 §6: actions on an offline device are disabled) or without the right the action needs (the
 * contract's rule, in the server's words). Entitlements and the cloud agent's version are the
 * server's to judge: its refusal shows on the device's row.
 */
export function refusalBeforeSending(input: {
  online: boolean | undefined;
  rights: DeviceRights | undefined;
  right: 'control' | 'edit';
}): string | null {
  if (input.online === false) return DEVICE_OFFLINE;
  const { rights } = input;
  if (rights && !rights.admin && !rights[input.right]) return RIGHT_MESSAGES[input.right];
  return null;
}

/** The right a device command needs (spec 2 §6, the contract's rules). */
export const rightFor = (command: DeviceCommandRequest['command']) => DEVICE_COMMAND_RULES[command].right;

export interface TaskContext {
  deviceGuid: string;
  signal: AbortSignal;
  report: (item: BulkItem) => void;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  errorText: (error: unknown) => string;
}

/**
 * One device command of a bulk action (spec 2 §4.5): issued, sent with its guid, polled at once and
 * then every 2 s for at most 100 attempts, ending complete, failed, rejected or error with the device's
 * message. Answers the last item reported (null when aborted).
 */
export async function runCommandTask(
  context: TaskContext,
  request: DeviceCommandRequest,
  calls: {
    send: (deviceGuid: string, request: DeviceCommandRequest) => Promise<{ command_guid: string }>;
    get: (deviceGuid: string, commandGuid: string, signal: AbortSignal) => Promise<DeviceCommand>;
  },
): Promise<BulkItem | null> {
  const { deviceGuid, signal, report } = context;
  const command = request.command;
  const say = (item: BulkItem) => {
    if (!signal.aborted) report(item);
    return signal.aborted ? null : item;
  };
  say(bulkItemOf(commandProgress({ command, sent: { kind: 'pending' } })));
  let commandGuid: string;
  try {
    commandGuid = (await calls.send(deviceGuid, request)).command_guid;
  } catch (error) {
    return say(
      bulkItemOf(commandProgress({ command, sent: { kind: 'failed', error: context.errorText(error) } })),
    );
  }
  say(bulkItemOf(commandProgress({ command, sent: { kind: 'accepted' } })));
  for (let attempt = 0; attempt < DEVICE_COMMAND_MAX_ATTEMPTS; attempt++) {
    if (signal.aborted) return null;
    let polled: DeviceCommand;
    try {
      polled = await calls.get(deviceGuid, commandGuid, signal);
    } catch (error) {
      if (signal.aborted) return null;
      return say(
        bulkItemOf(
          commandProgress({ command, sent: { kind: 'accepted' }, pollError: context.errorText(error) }),
        ),
      );
    }
    const item = bulkItemOf(commandProgress({ command, sent: { kind: 'accepted' }, polled }));
    say(item);
    if (polled.finished) return signal.aborted ? null : item;
    await context.sleep(DEVICE_COMMAND_POLL_MS, signal);
  }
  return say(bulkItemOf(commandProgress({ command, sent: { kind: 'accepted' }, timedOut: true })));
}

/**
 * Bulk Output Control on one device (spec 2 §4.7): every output the device's own dialog lists (all
 * configured outputs but thumbnails) turned on or off, sent as one Outputs set and followed as a
 * shadow command (every 2 s, at most 10 attempts).
 */
export async function runOutputControlTask(
  context: TaskContext,
  enable: boolean,
  calls: {
    readOutputs: (deviceGuid: string, signal: AbortSignal) => Promise<unknown>;
    save: (deviceGuid: string, toggles: OutputToggle[]) => Promise<{ command_guid: string }>;
    get: (deviceGuid: string, commandGuid: string, signal: AbortSignal) => Promise<ShadowCommand>;
  },
): Promise<BulkItem | null> {
  const { deviceGuid, signal, report } = context;
  const say = (item: BulkItem) => {
    if (!signal.aborted) report(item);
    return signal.aborted ? null : item;
  };
  say({ status: 'issued', message: READING_OUTPUTS });
  let commandGuid: string;
  let count: number;
  try {
    const rows = outputToggleRows(await calls.readOutputs(deviceGuid, signal));
    if (rows.length === 0) return say({ status: 'not sent', message: NO_OUTPUTS });
    count = rows.length;
    const toggles = rows.map((row) => ({ output_id: row.id, enable }));
    commandGuid = (await calls.save(deviceGuid, toggles)).command_guid;
  } catch (error) {
    if (signal.aborted) return null;
    return say({ status: 'error', message: context.errorText(error) });
  }
  say({ status: 'sent', message: WAITING_MESSAGE });
  const done = `${count} output${count === 1 ? '' : 's'} turned ${enable ? 'on' : 'off'}`;
  for (let attempt = 0; attempt < SHADOW_COMMAND_MAX_ATTEMPTS; attempt++) {
    if (signal.aborted) return null;
    let polled: ShadowCommand;
    try {
      polled = await calls.get(deviceGuid, commandGuid, signal);
    } catch (error) {
      if (signal.aborted) return null;
      return say({ status: 'error', message: context.errorText(error) });
    }
    const outcome = commandOutcome({ command: polled, timedOut: false, online: true });
    if (outcome.kind === 'succeeded' || outcome.kind === 'ignored')
      return say({ status: 'complete', message: done });
    if (outcome.kind === 'failed') return say({ status: 'failed', message: outcome.message });
    await context.sleep(SHADOW_COMMAND_POLL_MS, signal);
  }
  const timeout = commandOutcome({ command: undefined, timedOut: true, online: true });
  return say({ status: 'error', message: timeout.kind === 'timeout' ? timeout.message : 'No answer' });
}
