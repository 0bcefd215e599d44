import { templateSetState, templateStateOf } from '@ec/contract/shadow-template-state';
import { describe, expect, it } from 'vitest';
import { templateChanges } from './template-changes';

const srt = (id: number, config: Record<string, unknown> = {}) => ({
  id,
  type: 'srt',
  status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
  config: {
    enable: true,
    name: 'SRT to production',
    sources: { video: [1], audio: [], data: [] },
    destination_ip: 'srt.example.com',
    destination_port: 9000,
    passphrase: 'secret',
    ...config,
  },
});
const preview = { id: 9, type: 'thumbnail', config: { enable: true, name: 'Preview', width: 320 } };

const texts = (name: Parameters<typeof templateChanges>[0], source: unknown, target: unknown) =>
  templateChanges(name, target, templateSetState(name, templateStateOf(name, source), target)).map(
    (change) => change.text,
  );

describe('templateChanges', () => {
  it('lists created, removed and changed outputs, not statuses or secrets', () => {
    const source = { outputs: [srt(1, { destination_port: 9100, passphrase: 'other' }), preview] };
    const target = {
      outputs: [srt(1), { id: 2, type: 'rtsp', config: { name: 'Local RTSP' } }],
    };
    expect(texts('Outputs', source, target)).toEqual([
      'SRT to production › Port: 9000 → 9100',
      'Removes output “Local RTSP”',
      'Adds output “Preview” (Thumbnail)',
    ]);
  });

  it('lists nothing when the device already has the configuration', () => {
    const outputs = { outputs: [srt(1), preview] };
    expect(texts('Outputs', outputs, outputs)).toEqual([]);
  });

  it("names System's settings as the System tab does, never the device's own name", () => {
    const system = (config: Record<string, unknown>) => ({
      config: {
        device_name: 'A',
        ip_scheme: 'dhcp',
        static_network: null,
        ntp_server: 'pool.ntp.org',
        timezone: 'UTC',
        xml: { enabled: false, url: '', poll_interval: 60, username: '', password: '' },
        ...config,
      },
      status: { mac_address: 'x', net_connected: true, ip_address: '10.0.0.2', dns_addresses: [] },
    });
    expect(texts('System', system({ timezone: 'Europe/Paris' }), system({ device_name: 'B' }))).toEqual([
      'Timezone: “UTC” → “Europe/Paris”',
    ]);
  });

  it('lists a new alert, which has no guid yet', () => {
    const config = { enabled: true, threshold_value: 80, threshold_condition: 'GreaterThan' };
    const temperature = {
      type: 'metric',
      name: 'temp',
      label: 'High Temperature',
      category: 'device',
      config,
    };
    const source = { alerts: [temperature, { ...temperature, name: 'cpu', label: 'High CPU' }] };
    const target = { alerts: [{ ...temperature, alert_guid: 'g1', alert_state: 'ok' }] };
    expect(texts('Alerts', source, target)).toEqual(['Adds alert “High CPU”']);
  });

  it('labels input and encoder fields as their tabs do', () => {
    const input = (name: string) => ({ id: 1, type: 'hardware', hw_channel: 0, config: { name } });
    expect(texts('Inputs', { inputs: [input('Camera')] }, { inputs: [input('Input 1')] })).toEqual([
      'Input 1 › Name: “Input 1” → “Camera”',
    ]);
  });
});
