import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { describe, expect, it } from 'vitest';
import { makeDeviceState } from '../../../testing/data-generators';
import { alertChip, alertCondition } from './alert-chip';
import { entitlementRows, LICENSE_MESSAGES } from './entitlement-rows';
import { processorsLabel, throttlingChecks } from './processors';
import { formatUptime } from './uptime';

describe('processors', () => {
  it('checks CPU1 to CPU4 and the GPU on an edgecaster, the GPU only on an edgecaster_max', () => {
    const state = makeDeviceState({ cpu_CPU2_throttling: true, gpu_throttling: false });
    expect(throttlingChecks('edgecaster', state).map((c) => c.name)).toEqual([
      'CPU1',
      'CPU2',
      'CPU3',
      'CPU4',
      'GPU',
    ]);
    expect(throttlingChecks('edgecaster_max', state).map((c) => c.name)).toEqual(['GPU']);
    expect(processorsLabel('edgecaster', state)).toEqual({ text: 'Throttling: CPU2', tone: 'warning' });
    expect(processorsLabel('edgecaster_max', state)).toEqual({ text: 'Processors OK', tone: 'success' });
  });

  it('is unknown without a state or without any report', () => {
    expect(processorsLabel('edgecaster', null).text).toBe('Processors Unknown');
    expect(processorsLabel('edgecaster', makeDeviceState()).text).toBe('Processors Unknown');
  });
});

describe('alertChip', () => {
  const alert = { resolved: false, silenced: false, alert_state: 'alarm', closed_by: null };
  it('follows spec 2 §4.4', () => {
    expect(alertChip(alert)).toEqual({ label: 'Alarm', color: 'error' });
    expect(alertChip({ ...alert, silenced: true }).color).toBe('info');
    expect(alertChip({ ...alert, resolved: true }).color).toBe('success');
    expect(alertChip({ ...alert, closed_by: 'auto' }).color).toBe('success');
    expect(alertChip({ ...alert, alert_state: 'OK' }).color).toBe('success');
    expect(alertChip({ ...alert, alert_state: '' })).toEqual({ label: 'Unknown', color: 'default' });
  });

  it('words the condition with its threshold', () => {
    expect(
      alertCondition({
        label: 'High Temperature',
        config: { threshold_condition: 'greater_than', threshold_value: 80 },
      }),
    ).toBe('High Temperature: greater than 80');
    expect(alertCondition({ label: 'Device Offline', config: {} })).toBe('Device Offline');
  });
});

describe('formatUptime', () => {
  const now = new Date('2026-01-03T12:30:00Z');
  it('counts days, hours and minutes since the last boot', () => {
    expect(formatUptime('2026-01-01T10:00:00Z', now)).toBe('2d 2h 30m');
    expect(formatUptime('2026-01-03T12:05:00Z', now)).toBe('25m');
    expect(formatUptime(null, now)).toBe('');
  });
});

describe('entitlementRows', () => {
  it('names each feature as the capability profile does, in its order', () => {
    const rows = entitlementRows(
      {
        'daemon.encoders.video.bitrate': { min: 100, max: 50000 },
        'services.adb.enabled': false,
        'services.docker.containers': ['c-1'],
        'x.unknown': 3,
      },
      CAPABILITY_PROFILES.edgecaster,
    );
    expect(rows).toContainEqual({ feature: 'services.adb.enabled', label: 'ADB over IP', value: 'Disabled' });
    expect(rows).toContainEqual({
      feature: 'daemon.encoders.video.bitrate',
      label: 'Video Bitrate (kbps)',
      value: '100 to 50000',
    });
    expect(rows).toContainEqual({
      feature: 'services.docker.containers',
      label: 'Licensed Containers',
      value: `${LICENSE_MESSAGES.unknownContainer} (c-1)`,
    });
    expect(rows.at(-1)).toEqual({ feature: 'x.unknown', label: 'x.unknown', value: '3' });
  });

  it('falls back to the dotted keys without a capability profile', () => {
    expect(entitlementRows({ 'services.adb.enabled': true }, null)).toEqual([
      { feature: 'services.adb.enabled', label: 'services.adb.enabled', value: 'Enabled' },
    ]);
  });
});
