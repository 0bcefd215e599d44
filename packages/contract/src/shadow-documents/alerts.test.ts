import { describe, expect, it } from 'vitest';
import {
  alertConfigForType,
  alertStateOf,
  alertsSetSchema,
  alertsShadowStateSchema,
  newDeviceAlert,
  PREDEFINED_DEVICE_ALERTS,
} from './alerts.ts';
import { zodIssues } from './fields.ts';

const alert = (fields: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  name: 'thermal_system_temp_current',
  label: 'High Temperature',
  type: 'metric',
  ...fields,
  config: { threshold_value: 80, ...config },
});
const issuesOf = (alerts: unknown[]) => {
  const parsed = alertsSetSchema.safeParse({ alerts });
  return parsed.success ? [] : zodIssues(parsed.error);
};

describe('the Alerts document (spec 3 §3.6, §4.3)', () => {
  it('fills a new alert config with the spec defaults', () => {
    const parsed = alertsShadowStateSchema.parse({ alerts: [{ ...alert(), alert_guid: 'a1' }] });
    expect(parsed.alerts[0]).toMatchObject({
      category: 'device',
      config: {
        enabled: true,
        threshold_condition: 'GreaterThan',
        notify_on_close: true,
        user_list: [],
        email_list: [],
      },
    });
  });

  it('holds the predefined alerts of the spec table, each a valid alert', () => {
    expect(PREDEFINED_DEVICE_ALERTS.map((a) => a.label)).toEqual([
      'High Temperature',
      'High Memory Utilization',
      'High Filesystem Utilization',
      'Undefined Input Video Format',
      'Undefined Audio Format',
      'Output Error',
      'Encoder Error',
    ]);
    const alerts = PREDEFINED_DEVICE_ALERTS.map(({ threshold_value, threshold_condition, ...rest }) => ({
      ...rest,
      config: { threshold_value, threshold_condition },
    }));
    expect(issuesOf(alerts)).toEqual([]);
  });
});

describe('alert rules (spec 3 §5)', () => {
  it('lets a new alert go without a guid', () => {
    expect(issuesOf([alert()])).toEqual([]);
  });

  it.each([
    ['no type', alert({ type: undefined }), ['alerts', 0, 'type'], 'Type is required'],
    [
      'an unknown type',
      alert({ type: 'weather' }),
      ['alerts', 0, 'type'],
      'Type must be one of metric, inputs, outputs, encoders',
    ],
    ['no name', alert({ name: '' }), ['alerts', 0, 'name'], 'Name is required'],
    ['no label', alert({ label: undefined }), ['alerts', 0, 'label'], 'Label is required'],
    [
      'no threshold',
      alert({}, { threshold_value: undefined }),
      ['alerts', 0, 'config', 'threshold_value'],
      'Threshold value is required',
    ],
    [
      'a metric threshold that is no number',
      alert({}, { threshold_value: '80' }),
      ['alerts', 0, 'config', 'threshold_value'],
      'Value must be a number',
    ],
  ])('%s', (_name, entry, path, message) => {
    expect(issuesOf([entry])).toContainEqual({ path, message });
  });

  it('lets a non-metric alert compare with text or a boolean', () => {
    expect(
      issuesOf([alert({ type: 'outputs', name: 'status_code' }, { threshold_value: 'RUNNING' })]),
    ).toEqual([]);
    expect(
      issuesOf([alert({ type: 'inputs', name: 'audio_input_detected' }, { threshold_value: false })]),
    ).toEqual([]);
  });
});

describe('editing alerts (spec 3 §4.3)', () => {
  it("resets the config to the new type's defaults, disabled, when the type changes", () => {
    expect(alertConfigForType('metric')).toMatchObject({
      enabled: false,
      threshold_value: 90,
      threshold_condition: 'GreaterThan',
      notify_on_close: true,
    });
    expect(alertConfigForType('outputs')).toMatchObject({
      enabled: false,
      threshold_value: 'RUNNING',
      threshold_condition: 'NotEqualTo',
    });
  });

  it('creates a predefined alert disabled with its threshold, and a custom one enabled with the defaults', () => {
    expect(
      newDeviceAlert({ type: 'metric', name: 'thermal_system_temp_current', label: 'High Temperature' })
        .config,
    ).toMatchObject({ enabled: false, threshold_value: 80, threshold_condition: 'GreaterThan' });
    expect(newDeviceAlert({ type: 'metric', name: 'cpu_load', label: 'CPU Load' })).toMatchObject({
      category: 'device',
      config: {
        enabled: true,
        threshold_value: 90,
        threshold_condition: 'GreaterThan',
        notify_on_close: true,
      },
    });
  });

  it('refuses an e-mail list entry that is not an address', () => {
    expect(issuesOf([alert({}, { email_list: ['ops@example.com', 'not an address'] })])).toEqual([
      { path: ['alerts', 0, 'config', 'email_list', 1], message: 'Must be valid e-mail' },
    ]);
  });

  it('reads the state column: ok, unknown without a state, active otherwise', () => {
    expect(alertStateOf({ alert_state: 'ok' })).toBe('ok');
    expect(alertStateOf({ alert_state: null })).toBe('unknown');
    expect(alertStateOf({ alert_state: 'ALARM' })).toBe('active');
  });
});
