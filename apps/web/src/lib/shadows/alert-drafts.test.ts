import { newDeviceAlert } from '@ec/contract/shadow-documents/alerts';
import { NUMBER_MESSAGE } from '@ec/contract/shadow-documents/fields';
import { describe, expect, it } from 'vitest';
import { makeHighTemperatureRule } from '../../testing/data-generators';
import { alertIssues, alertsChanged, alertsSetState, draftsOf } from './alert-drafts';

const reported = {
  alerts: [{ ...makeHighTemperatureRule(), alert_state: 'ok' }],
};

describe('alert drafts', () => {
  it('reads the reported alerts and sends them back unchanged', () => {
    const drafts = draftsOf(reported);
    expect(drafts[0]).toMatchObject({
      key: 'a1',
      label: 'High Temperature',
      config: { notify_on_close: true },
    });
    expect(alertsChanged(drafts, draftsOf(reported))).toBe(false);
    expect(alertsSetState(drafts).alerts[0]).not.toHaveProperty('key');
  });

  it("names each alert's problems by its key and the field's path", () => {
    const custom = { key: 'new-1', ...newDeviceAlert({ type: 'metric', name: 'cpu', label: '' }) };
    custom.config = { ...custom.config, threshold_value: 'high' };
    const drafts = [...draftsOf(reported), custom];
    expect(alertsChanged(drafts, draftsOf(reported))).toBe(true);
    const issues = alertIssues(drafts);
    expect(issues.has('a1')).toBe(false);
    expect(Object.fromEntries(issues.get('new-1') ?? [])).toEqual({
      label: 'Label is required',
      'config.threshold_value': NUMBER_MESSAGE,
    });
  });
});
