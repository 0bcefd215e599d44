import type { DeviceCommand } from '@ec/contract/device-commands';
import type { ShadowCommand } from '@ec/contract/shadows';
import { describe, expect, it, vi } from 'vitest';
import { COMMAND_TIMEOUT_MESSAGE } from '../../../lib/device-commands/command-progress';
import type { BulkItem } from './bulk-status';
import {
  bulkItemOfRefusal,
  DEVICE_OFFLINE,
  followAccepted,
  followCommandTask,
  followOutputControlTask,
  NO_OUTPUTS,
  refusalBeforeSending,
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

describe('bulkItemOfRefusal', () => {
  const result = (status: number, errorCode: string, message: string) => ({
    device_guid: guid,
    status,
    command_guid: null,
    output_count: null,
    error_code: errorCode,
    message,
  });
  it("shows the server's refusal of a device with the spec's per-device words", () => {
    const notLicensed = 'This device is not licensed for Bulk Actions.';
    expect(bulkItemOfRefusal(result(403, 'NOT_ENTITLED', notLicensed))).toEqual({
      status: 'not licensed',
      message: notLicensed,
    });
    expect(bulkItemOfRefusal(result(409, 'CLOUD_AGENT_TOO_OLD', 'Too old')).status).toBe(
      'unsupported version',
    );
    expect(bulkItemOfRefusal(result(409, 'DEVICE_OFFLINE', 'The device is offline.'))).toEqual({
      status: 'not sent',
      message: DEVICE_OFFLINE,
    });
    expect(bulkItemOfRefusal(result(409, 'NO_OUTPUTS', 'No configured outputs'))).toEqual({
      status: 'not sent',
      message: NO_OUTPUTS,
    });
    expect(bulkItemOfRefusal(result(403, 'FORBIDDEN', 'This needs edit rights on the device.'))).toEqual({
      status: 'error',
      message: 'This needs edit rights on the device.',
    });
  });
});

describe('followCommandTask', () => {
  it('reports accepted and complete with the device message, polling every 2 s', async () => {
    const { ctx, reported, sleep } = context();
    const get = vi
      .fn()
      .mockResolvedValueOnce(command('ACCEPTED', false, null))
      .mockResolvedValueOnce(command('COMPLETE', true, 'The device is rebooting...'));
    const last = await followCommandTask(ctx, 'reboot_device', commandGuid, get);
    expect(reported.map((item) => item.status)).toEqual(['accepted', 'complete']);
    expect(last).toEqual({ status: 'complete', message: 'The device is rebooting...' });
    expect(sleep).toHaveBeenCalledWith(2000, ctx.signal);
    expect(get).toHaveBeenCalledWith(guid, commandGuid, ctx.signal);
  });

  it('gives up after 100 polls with the spec message', async () => {
    const { ctx } = context();
    const get = vi.fn().mockResolvedValue(command('ACCEPTED', false, null));
    const last = await followCommandTask(ctx, 'download_update', commandGuid, get);
    expect(get).toHaveBeenCalledTimes(100);
    expect(last).toEqual({ status: 'error', message: COMMAND_TIMEOUT_MESSAGE });
  });

  it('says nothing more once aborted', async () => {
    const abort = new AbortController();
    const { ctx, reported } = context();
    const get = vi.fn(async () => {
      abort.abort();
      return command('ACCEPTED', false, null);
    });
    const last = await followCommandTask({ ...ctx, signal: abort.signal }, 'reboot_device', commandGuid, get);
    expect(last).toBeNull();
    expect(reported).toEqual([]);
  });
});

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

describe('followOutputControlTask', () => {
  it('follows the Outputs set to complete with how many outputs it switched', async () => {
    const { ctx, reported } = context();
    const get = vi
      .fn()
      .mockResolvedValueOnce(shadowCommand(false, 'pending', null))
      .mockResolvedValueOnce(shadowCommand(true, 'succeeded', null));
    const last = await followOutputControlTask(ctx, { commandGuid, count: 2, enable: false }, get);
    expect(last).toEqual({ status: 'complete', message: '2 outputs turned off' });
    expect(reported.map((item) => item.status)).toEqual(['complete']);
  });

  it("shows the device's failure", async () => {
    const { ctx } = context();
    const get = vi.fn().mockResolvedValue(shadowCommand(true, 'failed', 'Output 1 cannot start'));
    expect(await followOutputControlTask(ctx, { commandGuid, count: 1, enable: true }, get)).toEqual({
      status: 'failed',
      message: 'Output 1 cannot start',
    });
  });
});

describe('followAccepted', () => {
  it('follows a device command, or the Outputs set of Output Control', async () => {
    const { ctx } = context();
    const calls = {
      command: vi.fn().mockResolvedValue(command('COMPLETE', true, 'Downloaded')),
      shadowCommand: vi.fn().mockResolvedValue(shadowCommand(true, 'succeeded', null)),
    };
    const result = {
      device_guid: guid,
      status: 202,
      command_guid: commandGuid,
      output_count: 1,
      error_code: null,
      message: null,
    };
    expect(await followAccepted(ctx, { action: 'download_update', enable: false, result }, calls)).toEqual({
      status: 'complete',
      message: 'Downloaded',
    });
    expect(await followAccepted(ctx, { action: 'output_control', enable: true, result }, calls)).toEqual({
      status: 'complete',
      message: '1 output turned on',
    });
  });
});
