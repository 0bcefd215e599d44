import type { DeviceCommand } from '@ec/contract/device-commands';
import type { ShadowCommand } from '@ec/contract/shadows';
import { describe, expect, it, vi } from 'vitest';
import { COMMAND_TIMEOUT_MESSAGE, SENDING_MESSAGE } from '../../../lib/device-commands/command-progress';
import type { BulkItem } from './bulk-status';
import {
  DEVICE_OFFLINE,
  NO_OUTPUTS,
  refusalBeforeSending,
  runCommandTask,
  runOutputControlTask,
  type TaskContext,
} from './device-tasks';

const guid = '11111111-1111-4111-8111-111111111111';
const commandGuid = '22222222-2222-4222-8222-222222222222';

function context() {
  const reported: BulkItem[] = [];
  const sleep = vi.fn(async () => {});
  const ctx: TaskContext = {
    deviceGuid: guid,
    signal: new AbortController().signal,
    report: (item) => reported.push(item),
    sleep,
    errorText: (error) => (error as Error).message,
  };
  return { ctx, reported, sleep };
}

const command = (state: 'ACCEPTED' | 'COMPLETE' | 'FAILED', finished: boolean, message: string | null) =>
  ({
    command_guid: commandGuid,
    command: 'reboot_device',
    finished,
    response: { result: { state, message } },
    created: '2026-01-01T00:00:00.000Z',
    finished_timestamp: null,
  }) as DeviceCommand;

describe('refusalBeforeSending', () => {
  const rights = { control: true, edit: false, admin: false };
  it('skips an offline device and one without the right, in the server words', () => {
    expect(refusalBeforeSending({ online: false, rights, right: 'control' })).toBe(DEVICE_OFFLINE);
    expect(refusalBeforeSending({ online: true, rights, right: 'edit' })).toBe(
      'This needs edit rights on the device.',
    );
    expect(refusalBeforeSending({ online: true, rights, right: 'control' })).toBeNull();
    expect(
      refusalBeforeSending({
        online: true,
        rights: { ...rights, control: false, admin: true },
        right: 'edit',
      }),
    ).toBeNull();
    expect(refusalBeforeSending({ online: true, rights: undefined, right: 'edit' })).toBeNull();
  });
});

describe('runCommandTask', () => {
  it('reports issued, sent, accepted and complete with the device message, polling every 2 s', async () => {
    const { ctx, reported, sleep } = context();
    const get = vi
      .fn()
      .mockResolvedValueOnce(command('ACCEPTED', false, null))
      .mockResolvedValueOnce(command('COMPLETE', true, 'The device is rebooting...'));
    const send = vi.fn().mockResolvedValue({ command_guid: commandGuid });
    const last = await runCommandTask(ctx, { command: 'reboot_device', data: undefined }, { send, get });
    expect(reported.map((item) => item.status)).toEqual(['issued', 'sent', 'accepted', 'complete']);
    expect(reported[0]?.message).toBe(SENDING_MESSAGE);
    expect(last).toEqual({ status: 'complete', message: 'The device is rebooting...' });
    expect(sleep).toHaveBeenCalledWith(2000, ctx.signal);
    expect(send).toHaveBeenCalledWith(guid, { command: 'reboot_device', data: undefined });
  });

  it("shows the server's refusal as the device's error", async () => {
    const { ctx } = context();
    const send = vi.fn().mockRejectedValue(new Error('The device is offline. Try again once it is online.'));
    const last = await runCommandTask(
      ctx,
      { command: 'reboot_device', data: undefined },
      { send, get: vi.fn() },
    );
    expect(last).toEqual({ status: 'error', message: 'The device is offline. Try again once it is online.' });
  });

  it('gives up after 100 polls with the spec message', async () => {
    const { ctx } = context();
    const get = vi.fn().mockResolvedValue(command('ACCEPTED', false, null));
    const send = vi.fn().mockResolvedValue({ command_guid: commandGuid });
    const last = await runCommandTask(ctx, { command: 'download_update', data: undefined }, { send, get });
    expect(get).toHaveBeenCalledTimes(100);
    expect(last).toEqual({ status: 'error', message: COMMAND_TIMEOUT_MESSAGE });
  });

  it('says nothing more once aborted', async () => {
    const abort = new AbortController();
    const { ctx, reported } = context();
    const send = vi.fn(async () => {
      abort.abort();
      return { command_guid: commandGuid };
    });
    const last = await runCommandTask(
      { ...ctx, signal: abort.signal },
      { command: 'reboot_device', data: undefined },
      { send, get: vi.fn() },
    );
    expect(last).toBeNull();
    expect(reported.map((item) => item.status)).toEqual(['issued']);
  });
});

const outputs = {
  outputs: [
    { id: 1, type: 'rtmp', config: { enable: true, name: 'Main' } },
    { id: 2, type: 'thumbnail', config: { enable: true } },
    { id: 3, type: 'srt', config: { enable: false } },
  ],
};
const shadowCommand = (
  finished: boolean,
  state: 'pending' | 'succeeded' | 'failed',
  message: string | null,
) =>
  ({
    command_guid: commandGuid,
    shadow_name: 'Outputs',
    command_type: 'set',
    finished,
    command_state: state,
    response: finished
      ? { message, error_code: message ? 'BAD' : null, state: null, current_version: 4 }
      : null,
    requested: { state: null },
    created_timestamp: '2026-01-01T00:00:00.000Z',
    finished_timestamp: null,
  }) as ShadowCommand;

describe('runOutputControlTask', () => {
  it('turns off every output but thumbnails and follows the Outputs set', async () => {
    const { ctx, reported } = context();
    const save = vi.fn().mockResolvedValue({ command_guid: commandGuid });
    const get = vi
      .fn()
      .mockResolvedValueOnce(shadowCommand(false, 'pending', null))
      .mockResolvedValueOnce(shadowCommand(true, 'succeeded', null));
    const last = await runOutputControlTask(ctx, false, { readOutputs: async () => outputs, save, get });
    expect(save).toHaveBeenCalledWith(guid, [
      { output_id: 1, enable: false },
      { output_id: 3, enable: false },
    ]);
    expect(last).toEqual({ status: 'complete', message: '2 outputs turned off' });
    expect(reported.map((item) => item.status)).toEqual(['issued', 'sent', 'complete']);
  });

  it("sends nothing to a device without outputs, and shows the device's failure", async () => {
    const { ctx } = context();
    expect(
      await runOutputControlTask(ctx, true, { readOutputs: async () => null, save: vi.fn(), get: vi.fn() }),
    ).toEqual({ status: 'not sent', message: NO_OUTPUTS });
    const get = vi.fn().mockResolvedValue(shadowCommand(true, 'failed', 'Output 1 cannot start'));
    const save = vi.fn().mockResolvedValue({ command_guid: commandGuid });
    expect(await runOutputControlTask(ctx, true, { readOutputs: async () => outputs, save, get })).toEqual({
      status: 'failed',
      message: 'Output 1 cannot start',
    });
  });
});
