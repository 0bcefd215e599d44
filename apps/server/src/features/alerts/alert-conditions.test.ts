import { describe, expect, it } from 'vitest';
import {
  conditionSubject,
  evaluateMetricRules,
  evaluateStateRules,
  holdMsOf,
  thresholdHolds,
} from './alert-conditions.ts';
import { type AlertRule, deviceAlertRules, ruleIdOf } from './alert-rules.ts';

const notify = { user_list: [], email_list: [], notify_on_close: true };
const rule = (overrides: Partial<AlertRule>): AlertRule => ({
  ruleId: 'r1',
  kind: 'metric',
  alertType: 'device',
  name: 'thermal_system_temp_current',
  label: 'High Temperature',
  category: 'device',
  legacy: false,
  threshold: { value: 80, condition: 'GreaterThan' },
  notify,
  ...overrides,
});
const deviceState = (documents: Record<string, unknown>, online = true) => ({
  documents,
  online,
  onlineChangedAt: new Date('2026-01-01T00:00:00Z'),
});

describe('thresholdHolds', () => {
  it.each([
    [81, 'GreaterThan', 80, true],
    [80, 'GreaterThan', 80, false],
    [79, 'LessThan', 80, true],
    ['85', 'GreaterThan', 80, true],
    ['hot', 'GreaterThan', 80, false],
    ['FORMAT_UNDEFINED', 'EqualTo', 'FORMAT_UNDEFINED', true],
    [false, 'EqualTo', false, true],
    [false, 'EqualTo', 'false', true],
    [true, 'EqualTo', false, false],
    ['ERROR_NO_INPUT', 'NotEqualTo', 'RUNNING', true],
    ['RUNNING', 'NotEqualTo', 'running', false],
  ] as const)('%s %s %s is %s', (observed, condition, threshold, expected) => {
    expect(thresholdHolds(observed, condition, threshold)).toBe(expected);
  });
});

describe('metric rules', () => {
  it('judge the metric the rule names and say nothing of a metric the sample lacks', () => {
    const hot = rule({});
    const memory = rule({ ruleId: 'r2', name: 'memory_system_percent_used' });
    const readings = evaluateMetricRules(
      [hot, memory, rule({ ruleId: 'r3', kind: 'outputs' })],
      [{ metricName: 'thermal_system_temp_current', value: 85 }],
    );
    expect(readings).toEqual([{ key: 'r1', rule: hot, holds: true, observed: 85 }]);
    expect(
      evaluateMetricRules([hot], [{ metricName: 'thermal_system_temp_current', value: 60 }])[0]?.holds,
    ).toBe(false);
  });
});

describe('state rules', () => {
  const outputRule = rule({
    ruleId: 'out',
    kind: 'outputs',
    name: 'status_code',
    threshold: { value: 'RUNNING', condition: 'NotEqualTo' },
  });

  it('watch each enabled output, streaming counting as running, and skip outputs without a code', () => {
    const outputs = {
      outputs: [
        { id: 1, config: { enable: true }, status: { status_code: 'STREAM_RUNNING' } },
        { id: 2, config: { enable: true }, status: { status_code: 'ERROR_REMOTE_UNREACHABLE' } },
        { id: 3, config: { enable: false }, status: { status_code: null } },
        { id: 4, config: { enable: true }, status: null },
      ],
    };
    const readings = evaluateStateRules([outputRule], deviceState({ Outputs: outputs }));
    expect(readings.map(({ key, holds, observed }) => ({ key, holds, observed }))).toEqual([
      { key: 'out:1', holds: false, observed: 'RUNNING' },
      { key: 'out:2', holds: true, observed: 'ERROR_REMOTE_UNREACHABLE' },
    ]);
  });

  it('watch encoders the configuration keeps active, and every input', () => {
    const encoderRule = rule({
      ruleId: 'enc',
      kind: 'encoders',
      name: 'status',
      threshold: { value: 'RUNNING', condition: 'NotEqualTo' },
    });
    const inputRule = rule({
      ruleId: 'in',
      kind: 'inputs',
      name: 'video_input_format',
      threshold: { value: 'FORMAT_UNDEFINED', condition: 'EqualTo' },
    });
    const readings = evaluateStateRules(
      [encoderRule, inputRule],
      deviceState({
        Encoders: {
          encoders: [
            { id: 1, config: { active: true }, status: 'NO_INPUT', active: false },
            { id: 2, config: { active: false }, status: 'IDLE' },
          ],
        },
        Inputs: {
          inputs: [
            { id: 1, video_input_format: 'FORMAT_UNDEFINED' },
            { id: 2, video_input_format: '1080p60' },
          ],
        },
      }),
    );
    expect(readings.map(({ key, holds }) => [key, holds])).toEqual([
      ['enc:1', true],
      ['in:1', true],
      ['in:2', false],
    ]);
  });

  it('hold the offline rule since the device went offline', () => {
    const offline = rule({ ruleId: 'offline', kind: 'offline', threshold: undefined });
    const [reading] = evaluateStateRules([offline], deviceState({}, false));
    expect(reading).toMatchObject({ key: 'offline', holds: true, since: new Date('2026-01-01T00:00:00Z') });
    expect(evaluateStateRules([offline], deviceState({}, true))[0]?.holds).toBe(false);
  });

  it('name what a condition concerns', () => {
    expect(conditionSubject('outputs', 'out:2')).toBe('Output 2');
    expect(conditionSubject('metric', 'r1')).toBeNull();
    expect(ruleIdOf('out:2')).toBe('out');
  });

  it('hold each kind for its time, scaled', () => {
    expect(holdMsOf('metric', 1)).toBe(0);
    expect(holdMsOf('outputs', 1)).toBe(30_000);
    expect(holdMsOf('offline', 0.5)).toBe(30_000);
  });
});

describe('the rules of a device', () => {
  const deviceRule = (alert_guid: string, enabled: boolean, category = 'device') => ({
    alert_guid,
    type: 'metric',
    name: 'thermal_system_temp_current',
    label: 'High Temperature',
    category,
    config: { enabled, threshold_value: 80, threshold_condition: 'GreaterThan' },
  });

  it('are its enabled device rules, the enabled templates and the offline setting', () => {
    const rules = deviceAlertRules({
      alertsShadow: {
        alerts: [
          deviceRule('a', true),
          deviceRule('b', false),
          deviceRule('c', true, 'fleet'),
          { broken: true },
        ],
      },
      templates: [
        {
          templateGuid: 't1',
          type: 'outputs',
          name: 'status_code',
          label: 'Output Error',
          config: { enabled: true, threshold_value: 'RUNNING', threshold_condition: 'NotEqualTo' },
        },
        {
          templateGuid: 't2',
          type: 'metric',
          name: 'x',
          label: 'X',
          config: { enabled: false, threshold_value: 1 },
        },
      ],
      offline: { enabled: true, notify_on_close: false, user_list: [], email_list: ['ops@example.com'] },
    });
    expect(rules.disabledDeviceRuleIds).toEqual(['b']);
    expect(rules.enabled.map((r) => [r.ruleId, r.alertType, r.category, r.legacy])).toEqual([
      ['a', 'device', 'device', false],
      ['t1', 'device', 'org', false],
      ['offline', 'other', 'legacy', true],
    ]);
    expect(rules.enabled[2]).toMatchObject({
      kind: 'offline',
      name: 'offline',
      label: 'Device Offline',
      notify: { email_list: ['ops@example.com'], notify_on_close: false },
    });
  });
});
