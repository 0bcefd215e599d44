import type { ShadowCommand } from '@ec/contract/shadows';
import { describe, expect, it } from 'vitest';
import { COMMAND_FAILED, commandOutcome, OFFLINE_PENDING } from './command-outcome';

const command = (overrides: Partial<ShadowCommand>): ShadowCommand => ({
  command_guid: 'c1',
  shadow_name: 'System',
  command_type: 'set',
  finished: true,
  command_state: 'failed',
  response: null,
  requested: { state: { config: { device_name: 'A' } } },
  created_timestamp: '2026-01-01T00:00:00.000Z',
  finished_timestamp: '2026-01-01T00:00:01.000Z',
  ...overrides,
});

const response = (
  message: string | null,
  error_code: string | null,
  state: Record<string, unknown> | null = null,
) => ({
  message,
  error_code,
  state,
  current_version: 4,
});

describe('commandOutcome', () => {
  it('waits while unfinished and in time', () => {
    expect(commandOutcome({ command: command({ finished: false }), timedOut: false, online: true })).toEqual({
      kind: 'pending',
    });
    expect(commandOutcome({ command: undefined, timedOut: false, online: true }).kind).toBe('pending');
  });

  it('reports success with the new version', () => {
    const done = command({ command_state: 'succeeded', response: response(null, null) });
    expect(commandOutcome({ command: done, timedOut: false, online: true })).toEqual({
      kind: 'succeeded',
      version: 4,
    });
  });

  it('shows the response message of a failure with an error code', () => {
    const failed = command({ response: response('Invalid timezone', 'INVALID_CONFIG') });
    expect(commandOutcome({ command: failed, timedOut: false, online: true })).toMatchObject({
      kind: 'failed',
      message: 'Invalid timezone',
    });
  });

  it('falls back to the generic text without an error code', () => {
    const failed = command({ response: response('whatever', null) });
    expect(commandOutcome({ command: failed, timedOut: false, online: true })).toMatchObject({
      message: COMMAND_FAILED,
    });
  });

  it('ignores a config mismatch that only differs in ignored keys', () => {
    const mismatch = command({
      response: response('Config mismatch!', 'CONFIG_MISMATCH', { config: { device_name: 'A' }, status: {} }),
    });
    expect(commandOutcome({ command: mismatch, timedOut: false, online: true })).toEqual({ kind: 'ignored' });
  });

  it('reports a real config mismatch with its differences', () => {
    const mismatch = command({
      response: response('Config mismatch!', 'CONFIG_MISMATCH', { config: { device_name: 'B' } }),
    });
    expect(commandOutcome({ command: mismatch, timedOut: false, online: true })).toEqual({
      kind: 'failed',
      message: 'Config mismatch!',
      differences: ['config.device_name'],
    });
  });

  it('explains a timeout according to the connection', () => {
    const pending = command({ finished: false });
    expect(commandOutcome({ command: pending, timedOut: true, online: true })).toMatchObject({
      kind: 'timeout',
      message: 'The device did not acknowledge the request within 20 seconds...',
    });
    expect(commandOutcome({ command: pending, timedOut: true, online: false })).toMatchObject({
      message: OFFLINE_PENDING,
    });
  });
});
