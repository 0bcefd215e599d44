import type { DeviceRights } from '@ec/contract/access';
import type { BulkActionName, BulkDeviceResult } from '@ec/contract/bulk-actions';
import { DEVICE_COMMAND_RULES } from '@ec/contract/device-command-rules';
import {
  DEVICE_COMMAND_MAX_ATTEMPTS,
  DEVICE_COMMAND_POLL_MS,
  type DeviceCommand,
  type DeviceCommandName,
} from '@ec/contract/device-commands';
import { NO_CONFIGURED_OUTPUTS } from '@ec/contract/output-control';
import {
  SHADOW_COMMAND_MAX_ATTEMPTS,
  SHADOW_COMMAND_POLL_MS,
  type ShadowCommand,
} from '@ec/contract/shadows';
import {
  commandProgress,
  SENDING_MESSAGE,
  WAITING_MESSAGE,
} from '../../../lib/device-commands/command-progress';
import { commandOutcome } from '../../../lib/shadows/command-outcome';
import { type BulkItem, bulkItemOf } from './bulk-status';

/** Spec 2 §2.3's word for a device the action skips because it is offline. */
export const DEVICE_OFFLINE = 'Device Offline';
export const NO_OUTPUTS = NO_CONFIGURED_OUTPUTS;
const NO_ANSWER = 'The server gave no answer for this device';

const RIGHT_MESSAGES = {
  control: 'This needs control rights on the device.',
  edit: 'This needs edit rights on the device.',
} as const;

/**
 * Why the console does not send the action to a device, from what it knows before sending: offline
 * (spec 2 §6: actions on an offline device are disabled) or without the right the action needs (the
 * contract's rule, in the server's words). Entitlements (bulk_actions among them) and the cloud
 * agent's version are the server's to judge: its refusal shows on the device's row.
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
export const rightFor = (command: DeviceCommandName) => DEVICE_COMMAND_RULES[command].right;

export interface TaskContext {
  deviceGuid: string;
  signal: AbortSignal;
  report: (item: BulkItem) => void;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  errorText: (error: unknown) => string;
}

/**
 * A device's answer in the bulk call that is not an acceptance, as its row shows it (spec 2 §2.3's
 * per-device messages): not licensed, unsupported version, offline, nothing to switch, or the error.
 */
export function bulkItemOfRefusal(result: BulkDeviceResult | undefined): BulkItem {
  const message = result?.message ?? NO_ANSWER;
  switch (result?.error_code) {
    case 'NOT_ENTITLED':
      return { status: 'not licensed', message };
    case 'CONTAINER_NOT_LICENSED':
      return { status: 'container not licensed', message };
    case 'UNSUPPORTED_DEVICE':
      return { status: 'unsupported device', message };
    case 'CLOUD_AGENT_TOO_OLD':
      return { status: 'unsupported version', message };
    case 'DEVICE_OFFLINE':
      return { status: 'not sent', message: DEVICE_OFFLINE };
    case 'NO_OUTPUTS':
      return { status: 'not sent', message: NO_OUTPUTS };
    default:
      return { status: 'error', message };
  }
}

/** A device on its way in the bulk call ('Processing Command...'). */
export const SENDING: BulkItem = { status: 'issued', message: SENDING_MESSAGE };
/** What an accepted device shows until its command is followed: sent, waiting for the device. */
export const SENT: BulkItem = { status: 'sent', message: WAITING_MESSAGE };

/**
 * Follows one accepted device command of a bulk action (spec 2 §4.5): polled at once and then every
 * 2 s for at most 100 attempts, ending complete, failed, rejected or error with the device's message.
 * Answers the last item reported (null when aborted).
 */
export async function followCommandTask(
  context: TaskContext,
  command: DeviceCommandName,
  commandGuid: string,
  get: (deviceGuid: string, commandGuid: string, signal: AbortSignal) => Promise<DeviceCommand>,
): Promise<BulkItem | null> {
  const { deviceGuid, signal, report } = context;
  const say = (item: BulkItem) => {
    if (!signal.aborted) report(item);
    return signal.aborted ? null : item;
  };
  for (let attempt = 0; attempt < DEVICE_COMMAND_MAX_ATTEMPTS; attempt++) {
    if (signal.aborted) return null;
    let polled: DeviceCommand;
    try {
      polled = await get(deviceGuid, commandGuid, signal);
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
 * Follows one device's bulk Output Control (spec 2 §4.7): the Outputs set the server sent, switching
 * `count` outputs, polled every 2 s for at most 10 attempts.
 */
export async function followOutputControlTask(
  context: TaskContext,
  set: { commandGuid: string; count: number; enable: boolean },
  get: (deviceGuid: string, commandGuid: string, signal: AbortSignal) => Promise<ShadowCommand>,
): Promise<BulkItem | null> {
  const { deviceGuid, signal, report } = context;
  const say = (item: BulkItem) => {
    if (!signal.aborted) report(item);
    return signal.aborted ? null : item;
  };
  const { count, enable } = set;
  const done = `${count} output${count === 1 ? '' : 's'} turned ${enable ? 'on' : 'off'}`;
  for (let attempt = 0; attempt < SHADOW_COMMAND_MAX_ATTEMPTS; attempt++) {
    if (signal.aborted) return null;
    let polled: ShadowCommand;
    try {
      polled = await get(deviceGuid, set.commandGuid, signal);
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

/** Follows a device the bulk call accepted, by what the action sent it. */
export function followAccepted(
  context: TaskContext,
  input: { action: BulkActionName; enable: boolean; result: BulkDeviceResult & { command_guid: string } },
  calls: {
    command: (deviceGuid: string, commandGuid: string, signal: AbortSignal) => Promise<DeviceCommand>;
    shadowCommand: (deviceGuid: string, commandGuid: string, signal: AbortSignal) => Promise<ShadowCommand>;
  },
): Promise<BulkItem | null> {
  const { action, enable, result } = input;
  if (action === 'output_control')
    return followOutputControlTask(
      context,
      { commandGuid: result.command_guid, count: result.output_count ?? 0, enable },
      calls.shadowCommand,
    );
  const command = action === 'container_install' ? 'install_container' : action;
  return followCommandTask(context, command, result.command_guid, calls.command);
}
