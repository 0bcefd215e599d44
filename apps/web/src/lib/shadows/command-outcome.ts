import { shadowDiff } from '@ec/contract/shadow-diff';
import { shadowRegistry } from '@ec/contract/shadow-registry';
import {
  CONFIG_MISMATCH,
  SHADOW_COMMAND_MAX_ATTEMPTS,
  SHADOW_COMMAND_POLL_MS,
  type ShadowCommand,
} from '@ec/contract/shadows';

export const COMMAND_FAILED = 'Device shadow command failed...';
export const OFFLINE_PENDING =
  'The updated configuration will be applied once the device comes online again...';
export const COMMAND_TIMEOUT_MS = SHADOW_COMMAND_POLL_MS * SHADOW_COMMAND_MAX_ATTEMPTS;
export const notAcknowledged = (seconds: number) =>
  `The device did not acknowledge the request within ${seconds} seconds...`;

export type CommandOutcome =
  | { kind: 'pending' }
  | { kind: 'succeeded'; version: number | null }
  | { kind: 'ignored' }
  | { kind: 'failed'; message: string; differences: string[] }
  | { kind: 'timeout'; message: string; online: boolean };

/**
 * Reads a shadow command's result (spec 3 §4.2): success; failure with the response message (or
 * 'Device shadow command failed...' without an error_code); a 'Config mismatch!' whose difference is
 * empty once the ignored keys are skipped counts as nothing; no answer in time gives the online or
 * offline message.
 */
export function commandOutcome(input: {
  command: ShadowCommand | undefined;
  timedOut: boolean;
  online: boolean;
  sentState?: Record<string, unknown> | null;
}): CommandOutcome {
  const { command } = input;
  if (command?.finished) {
    if (command.command_state === 'succeeded') {
      return { kind: 'succeeded', version: command.response?.current_version ?? null };
    }
    const response = command.response;
    const requested = input.sentState ?? command.requested.state;
    const differences =
      response?.message === CONFIG_MISMATCH
        ? shadowDiff(requested, response.state, shadowRegistry[command.shadow_name].ignoredKeys)
        : [];
    if (response?.message === CONFIG_MISMATCH && differences.length === 0) return { kind: 'ignored' };
    const message = response?.error_code && response.message ? response.message : COMMAND_FAILED;
    return { kind: 'failed', message, differences };
  }
  if (input.timedOut) {
    return {
      kind: 'timeout',
      online: input.online,
      message: input.online ? notAcknowledged(COMMAND_TIMEOUT_MS / 1000) : OFFLINE_PENDING,
    };
  }
  return { kind: 'pending' };
}
