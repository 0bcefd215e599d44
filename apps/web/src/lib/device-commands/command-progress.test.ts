import type { DeviceCommand } from '@ec/contract/device-commands';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_TIMEOUT_MESSAGE,
  commandProgress,
  isProcessing,
  RESET_MAY_REBOOT,
  SENDING_MESSAGE,
  WAITING_MESSAGE,
  WORKING_MESSAGE,
} from './command-progress';

const polled = (
  state: DeviceCommand['response']['result']['state'],
  message: string | null = null,
): DeviceCommand => ({
  command_guid: '00000000-0000-4000-8000-000000000001',
  command: 'reboot_device',
  finished: ['COMPLETE', 'FAILED', 'REJECTED'].includes(state),
  response: { result: { state, message } },
  created: '2026-01-01T00:00:00.000Z',
  finished_timestamp: null,
});

const accepted = { kind: 'accepted' } as const;

describe('commandProgress (spec 2 §4.5)', () => {
  it('is issued while the request is on its way, accepted once the API answered', () => {
    expect(commandProgress({ command: 'reboot_device', sent: { kind: 'pending' } })).toEqual({
      status: 'issued',
      message: SENDING_MESSAGE,
    });
    expect(commandProgress({ command: 'reboot_device', sent: accepted })).toEqual({
      status: 'accepted',
      message: WAITING_MESSAGE,
    });
    expect(commandProgress({ command: 'reboot_device', sent: accepted, polled: polled('ACCEPTED') })).toEqual(
      {
        status: 'accepted',
        message: WORKING_MESSAGE,
      },
    );
  });

  it("says a flow's own words while accepted, with the device's progress, and its own timeout", () => {
    const words = { accepted: 'Command Accepted', timeout: 'No command response in 250 seconds...' };
    const command = 'docker_image_pull' as const;
    expect(commandProgress({ command, sent: accepted, polled: polled('ACCEPTED'), words })).toEqual({
      status: 'accepted',
      message: 'Command Accepted',
    });
    expect(
      commandProgress({
        command,
        sent: accepted,
        polled: polled('ACCEPTED', 'Pulling nginx:latest: 50%'),
        words,
      }),
    ).toEqual({ status: 'accepted', message: 'Command Accepted: Pulling nginx:latest: 50%' });
    expect(commandProgress({ command, sent: accepted, timedOut: true, words })).toEqual({
      status: 'error',
      message: 'No command response in 250 seconds...',
    });
  });

  it('ends with the lower-cased response state and the device message', () => {
    expect(
      commandProgress({
        command: 'reboot_device',
        sent: accepted,
        polled: polled('COMPLETE', 'The device is rebooting...'),
      }),
    ).toEqual({ status: 'complete', message: 'The device is rebooting...' });
    expect(
      commandProgress({
        command: 'set_ui_password',
        sent: accepted,
        polled: polled('REJECTED', 'The current password is not correct'),
      }),
    ).toEqual({ status: 'rejected', message: 'The current password is not correct' });
    expect(commandProgress({ command: 'format_storage', sent: accepted, polled: polled('FAILED') })).toEqual({
      status: 'failed',
      message: 'The command failed.',
    });
  });

  it("adds 'Device may reboot during this process...' to a complete reset only", () => {
    const reset = commandProgress({
      command: 'reset_settings',
      sent: accepted,
      polled: polled('COMPLETE', 'Settings reset to factory defaults'),
    });
    expect(reset.message).toBe(`Settings reset to factory defaults ${RESET_MAY_REBOOT}`);
    const failedReset = commandProgress({
      command: 'reset_settings',
      sent: accepted,
      polled: polled('FAILED', 'Busy'),
    });
    expect(failedReset.message).toBe('Busy');
  });

  it('is an error when the send or a poll fails, or nothing answers within 100 polls of 2 s', () => {
    expect(
      commandProgress({ command: 'reboot_device', sent: { kind: 'failed', error: 'The device is offline' } }),
    ).toEqual({ status: 'error', message: 'The device is offline' });
    expect(commandProgress({ command: 'reboot_device', sent: accepted, pollError: 'Not found' })).toEqual({
      status: 'error',
      message: 'Not found',
    });
    expect(COMMAND_TIMEOUT_MESSAGE).toBe('No command response in 200 seconds...');
    expect(
      commandProgress({
        command: 'reboot_device',
        sent: accepted,
        polled: polled('ACCEPTED'),
        timedOut: true,
      }),
    ).toEqual({ status: 'error', message: COMMAND_TIMEOUT_MESSAGE });
    // An answer that came in time wins over the timer.
    expect(
      commandProgress({
        command: 'reboot_device',
        sent: accepted,
        polled: polled('COMPLETE'),
        timedOut: true,
      }).status,
    ).toBe('complete');
  });

  it('counts issued and accepted as processing, the final states and no status as not', () => {
    expect(isProcessing('issued')).toBe(true);
    expect(isProcessing('accepted')).toBe(true);
    for (const status of ['complete', 'failed', 'rejected', 'error'] as const)
      expect(isProcessing(status)).toBe(false);
    expect(isProcessing(null)).toBe(false);
  });
});
