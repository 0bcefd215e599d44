import { describe, expect, it } from 'vitest';
import { makeAlert } from '../../testing/alert-fixtures';
import { alertActionBlocked, alertStateChip } from './alert-state';

describe('the alert state chip (spec 2 §4.4)', () => {
  it.each([
    ['resolved', { resolved: true, silenced: true }, 'success', 'Resolved'],
    ['closed', { closed_by: 'auto' }, 'success', 'Unresolved'],
    ['in state ok', { alert_state: 'OK' }, 'success', 'Unresolved'],
    ['silenced', { silenced: true }, 'info', 'Silenced'],
    ['without a state', { alert_state: '' }, 'default', 'Unknown'],
    ['raised', { alert_state: 'alarm' }, 'error', 'Unresolved'],
  ] as const)('an alert %s is %s and reads %s', (_name, overrides, color, label) => {
    expect(alertStateChip(makeAlert(overrides))).toEqual({ color, label });
  });
});

describe('Silence, Unsilence and Close Alert (spec 2 §4.4, §6)', () => {
  it('need edit rights on the device', () => {
    expect(alertActionBlocked(makeAlert(), false, 'silence')).toBe('You need edit rights on this device');
    expect(alertActionBlocked(makeAlert(), false, 'close')).toBe('You need edit rights on this device');
  });
  it('Silence is unavailable on a resolved alert; Close Alert still takes it off the lists', () => {
    expect(alertActionBlocked(makeAlert({ resolved: true }), true, 'silence')).toBe('The alert is resolved');
    expect(alertActionBlocked(makeAlert({ resolved: true }), true, 'close')).toBeNull();
  });
  it('are available to an editor on an unresolved alert, silenced or not', () => {
    expect(alertActionBlocked(makeAlert(), true, 'close')).toBeNull();
    expect(alertActionBlocked(makeAlert({ silenced: true }), true, 'silence')).toBeNull();
  });
});
