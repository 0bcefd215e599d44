import type { FleetAlertTemplate } from '@ec/contract/fleet-templates';
import { newDeviceAlert, PREDEFINED_DEVICE_ALERTS } from '@ec/contract/shadow-documents/alerts';
import { describe, expect, it } from 'vitest';
import {
  fleetAlertDraft,
  fleetAlertIssues,
  fleetAlertsBody,
  fleetAlertsChanged,
  newFleetAlert,
  withType,
} from './fleet-alert-drafts';

const FLEET = '7f0c3a2e-1111-4222-8333-444455556666';
const saved: FleetAlertTemplate = {
  alert_guid: '0b6a3e55-2c8f-4d7b-9a61-1f2e3d4c5b6a',
  fleet_guid: FLEET,
  type: 'metric',
  name: 'thermal_system_temp_current',
  label: 'High Temperature',
  category: 'fleet',
  config: {
    enabled: true,
    threshold_value: 80,
    threshold_condition: 'GreaterThan',
    notify_on_close: true,
    user_list: [],
    email_list: [],
  },
  alert_state: 'OK',
  updated_at: '2026-11-27T05:00:00.000Z',
};

const created = (name: string, label: string, type: 'metric' | 'inputs' = 'metric') =>
  newFleetAlert({ key: 'candidate', ...newDeviceAlert({ type, name, label }) }, FLEET);

describe('fleet alert drafts', () => {
  it('gives a created alert a generated guid, category fleet and the predefined defaults', () => {
    const first = created('memory_system_percent_used', 'High Memory Utilization');
    const second = created('memory_system_percent_used', 'High Memory Utilization');
    expect(first.alert_guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.key).toBe(first.alert_guid);
    expect(second.alert_guid).not.toBe(first.alert_guid);
    expect(first).toMatchObject({ category: 'fleet', fleet_guid: FLEET });
    expect(first.config).toMatchObject({ threshold_value: 90, threshold_condition: 'GreaterThan' });
    const video = created('video_input_format', 'Undefined Input Video Format', 'inputs');
    expect(video.config).toMatchObject({
      threshold_value: 'FORMAT_UNDEFINED',
      threshold_condition: 'EqualTo',
    });
    expect(PREDEFINED_DEVICE_ALERTS.map((alert) => alert.label)).toEqual([
      'High Temperature',
      'High Memory Utilization',
      'High Filesystem Utilization',
      'Undefined Input Video Format',
      'Undefined Audio Format',
      'Output Error',
      'Encoder Error',
    ]);
  });

  it("resets the config to the new type's defaults, turned off, on a type change", () => {
    const draft = fleetAlertDraft(saved);
    const outputs = withType(draft, 'outputs');
    expect(outputs.type).toBe('outputs');
    expect(outputs.config).toMatchObject({
      enabled: false,
      threshold_value: 'RUNNING',
      threshold_condition: 'NotEqualTo',
    });
    expect(withType(draft, 'metric')).toBe(draft);
  });

  it('says what stops a save, per alert and field, and when the list changed', () => {
    const draft = fleetAlertDraft(saved);
    expect(fleetAlertIssues([draft]).size).toBe(0);
    expect(fleetAlertsChanged([draft], [draft])).toBe(false);

    const broken = { ...draft, config: { ...draft.config, threshold_value: 'hot' } };
    expect(fleetAlertIssues([broken]).get(draft.key)?.get('config.threshold_value')).toMatch(/number/);
    expect(fleetAlertsChanged([broken], [draft])).toBe(true);
    // Removing an alert changes the list; the body sends every remaining alert with its guid.
    expect(fleetAlertsChanged([], [draft])).toBe(true);
    expect(fleetAlertsBody([draft]).alerts).toEqual([
      {
        alert_guid: saved.alert_guid,
        type: 'metric',
        name: saved.name,
        label: saved.label,
        config: saved.config,
      },
    ]);
  });
});
