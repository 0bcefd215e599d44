import {
  DEVICE_COMMAND_TIMEOUT_MS,
  type DeviceCommand,
  type DeviceCommandName,
} from '@ec/contract/device-commands';

/**
 * The status of a device command as the console shows it (spec 2 §4.5): issued while the request is
 * on its way, accepted once the API answered with its command guid (then polled), and finally the
 * lower-cased response state (complete, failed, rejected) or error.
 */
export type CommandStatus = 'issued' | 'accepted' | 'complete' | 'failed' | 'rejected' | 'error';

export interface CommandProgress {
  status: CommandStatus;
  /** What the dialog says: the device's message, the error's text, or the step the command is at. */
  message: string;
}

export const noCommandResponse = (seconds: number) => `No command response in ${seconds} seconds...`;
export const COMMAND_TIMEOUT_MESSAGE = noCommandResponse(DEVICE_COMMAND_TIMEOUT_MS / 1000);
/** Added to the message of a complete reset (spec 2 §4.5). */
export const RESET_MAY_REBOOT = 'Device may reboot during this process...';
export const SENDING_MESSAGE = 'Sending the command...';
export const WAITING_MESSAGE = 'Command sent. Waiting for the device...';
export const WORKING_MESSAGE = 'The device accepted the command and is carrying it out...';

const FINAL: readonly CommandStatus[] = ['complete', 'failed', 'rejected', 'error'];

/** Processing: a status is set and it is not a final one (spec 2 §4.5). */
export const isProcessing = (status: CommandStatus | null | undefined): boolean =>
  Boolean(status) && !FINAL.includes(status as CommandStatus);

const finishedStatus = (command: DeviceCommand): CommandStatus => {
  const state = command.response.result.state.toLowerCase();
  return state === 'complete' || state === 'failed' || state === 'rejected' ? state : 'error';
};

const finishedMessage = (command: DeviceCommand, status: CommandStatus, name: DeviceCommandName) => {
  const text =
    command.response.result.message?.trim() || `The command ${status === 'complete' ? 'completed' : status}.`;
  return status === 'complete' && name === 'reset_settings' ? `${text} ${RESET_MAY_REBOOT}` : text;
};

/**
 * Where a command stands, from what the console knows of it: the send (pending, failed with an error
 * text, or answered with a guid), the last poll of the command (or its error), and whether the
 * polling window is over.
 */
export function commandProgress(input: {
  command: DeviceCommandName;
  sent: { kind: 'pending' } | { kind: 'failed'; error: string } | { kind: 'accepted' };
  polled?: DeviceCommand;
  pollError?: string | null;
  timedOut?: boolean;
  /** What a timeout says and what an accepted command says, where the caller's flow has its own words. */
  words?: { timeout?: string; accepted?: string };
}): CommandProgress {
  const { sent, polled } = input;
  if (sent.kind === 'pending') return { status: 'issued', message: SENDING_MESSAGE };
  if (sent.kind === 'failed') return { status: 'error', message: sent.error };
  if (polled?.finished) {
    const status = finishedStatus(polled);
    return { status, message: finishedMessage(polled, status, input.command) };
  }
  if (input.pollError) return { status: 'error', message: input.pollError };
  if (input.timedOut) return { status: 'error', message: input.words?.timeout ?? COMMAND_TIMEOUT_MESSAGE };
  if (input.words?.accepted) {
    // What the device says while it works (a pull's progress) follows the flow's own words.
    const saying = polled?.response.result.message;
    return {
      status: 'accepted',
      message: saying ? `${input.words.accepted}: ${saying}` : input.words.accepted,
    };
  }
  return {
    status: 'accepted',
    message: polled?.response.result.state === 'ACCEPTED' ? WORKING_MESSAGE : WAITING_MESSAGE,
  };
}
