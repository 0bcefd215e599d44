import { describe, expect, it } from 'vitest';
import { templateDrift } from './shadow-drift.ts';
import { templateStateOf } from './shadow-template-state.ts';
import { srtOutput } from './testing/srt-output.ts';

/** An SRT output as the device reports it, running. */
const srt = (id: number, config: Record<string, unknown> = {}) => ({
  ...srtOutput(id, config),
  status: { status_code: 'STREAM_RUNNING' },
});

const system = (config: Record<string, unknown> = {}) => ({
  config: {
    device_name: 'Studio A',
    ip_scheme: 'dhcp',
    ntp_server: 'ntp.example.com',
    timezone: 'Europe/Paris',
    xml: { enabled: false, url: '', poll_interval: 30, username: '', password: 'pw' },
    ...config,
  },
  status: { mac_address: '00:11:22:33:44:55' },
});

describe('templateDrift', () => {
  it('finds a device in sync with the template saved from it, and from a device set up alike', () => {
    const template = templateStateOf('Outputs', { outputs: [srt(1)] });
    expect(templateDrift('Outputs', template, { outputs: [srt(1)] })).toEqual({
      status: 'in_sync',
      differences: [],
    });
    // Another device: its own id, passphrase and status; same configuration.
    const other = { outputs: [srt(7, { passphrase: 'another-one' })] };
    expect(templateDrift('Outputs', template, other).status).toBe('in_sync');
  });

  it('ignores identity fields: System keeps its name and network', () => {
    const template = templateStateOf('System', system());
    const reported = system({ device_name: 'Studio B', ip_scheme: 'static' });
    expect(templateDrift('System', template, reported)).toEqual({ status: 'in_sync', differences: [] });
  });

  it('gives each differing field with the template and device values', () => {
    const template = templateStateOf('System', system());
    const reported = system({ ntp_server: 'pool.ntp.org' });
    expect(templateDrift('System', template, reported)).toEqual({
      status: 'drifting',
      differences: [{ path: ['config', 'ntp_server'], template: 'ntp.example.com', device: 'pool.ntp.org' }],
    });
  });

  it('says a secret differs without giving either value', () => {
    const saved = system();
    const template = {
      config: { ...saved.config, xml: { ...saved.config.xml, password: 'template-secret' } },
    };
    const { status, differences } = templateDrift('System', template, system());
    expect(status).toBe('drifting');
    expect(differences).toEqual([{ path: ['config', 'xml', 'password'], secret: true }]);
    expect(JSON.stringify(differences)).not.toContain('template-secret');
    expect(JSON.stringify(differences)).not.toContain('"pw"');
  });

  it('lists an entry the device lacks and one it has beyond the template', () => {
    const template = templateStateOf('Outputs', { outputs: [srt(1)] });
    const missing = templateDrift('Outputs', template, { outputs: [] });
    expect(missing.status).toBe('drifting');
    expect(missing.differences).toHaveLength(1);
    expect(missing.differences[0]?.path).toEqual(['outputs', 'new.0']);
    const extra = templateDrift('Outputs', template, {
      outputs: [srt(1), srt(2, { name: 'Backup' })],
    });
    expect(extra.differences.map((d) => d.path)).toEqual([['outputs', '2']]);
    expect(extra.differences[0]?.template).toBeUndefined();
  });

  it('takes a field the device leaves to its default as that default (an alert without category)', () => {
    const alert = {
      alert_guid: '00000000-0000-4000-8000-000000000001',
      type: 'metric',
      name: 'cpu_percent_used',
      label: 'High CPU',
      config: {
        enabled: true,
        threshold_value: 90,
        threshold_condition: 'GreaterThan',
        user_list: [],
        email_list: [],
      },
      alert_state: 'OK',
    };
    const template = templateStateOf('Alerts', { alerts: [{ ...alert, category: 'device' }] });
    expect(templateDrift('Alerts', template, { alerts: [alert] })).toEqual({
      status: 'in_sync',
      differences: [],
    });
    const changed = templateDrift('Alerts', template, {
      alerts: [{ ...alert, config: { ...alert.config, threshold_value: 80 } }],
    });
    expect(changed.differences.map((d) => [d.path.at(-1), d.template, d.device])).toEqual([
      ['threshold_value', 90, 80],
    ]);
  });

  it('is unknown without a reported document', () => {
    expect(templateDrift('Encoders', { encoders: [] }, null)).toEqual({ status: 'unknown', differences: [] });
  });
});
