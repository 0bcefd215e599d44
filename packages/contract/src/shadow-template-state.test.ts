import { describe, expect, it } from 'vitest';
import { validateShadowSet } from './shadow-registry.ts';
import { templateSetState, templateStateOf } from './shadow-template-state.ts';
import { srtOutput } from './testing/srt-output.ts';

const srt = srtOutput;

const system = (config: Record<string, unknown> = {}) => ({
  config: {
    device_name: 'Studio A',
    ip_scheme: 'static',
    static_network: {
      ip_address: '10.0.0.5',
      netmask: '255.255.255.0',
      gateway: '10.0.0.1',
      dns_addresses: ['', ''],
    },
    ntp_server: 'ntp.example.com',
    timezone: 'Europe/Paris',
    xml: {
      enabled: true,
      url: 'https://xml.example.com',
      poll_interval: 30,
      username: 'xml',
      password: 'pw',
    },
    ...config,
  },
  status: {
    mac_address: '00:11:22:33:44:55',
    net_connected: true,
    ip_address: '10.0.0.5',
    dns_addresses: [],
  },
});

describe('templateStateOf', () => {
  it('keeps what a set sends of each output, without secrets, statuses or the chosen drive', () => {
    const reported = {
      outputs: [
        { ...srt(1), status: { status_code: 'STREAM_RUNNING' } },
        {
          id: 3,
          type: 'file',
          config: {
            name: 'Recording',
            device_selection_policy_data: 'drive-uuid-1',
            ftp_config: { enable: true, username: 'ftp', password: 'ftp-secret', sftp_key: 'key' },
          },
        },
        { id: 4, type: 'rtmp', config: { name: 'RTMP', service_data: '{"url":"rtmp://x/app/key"}' } },
      ],
      drives: [{ uuid: 'drive-uuid-1', type: 'usb', size: 1, free_space: 1 }],
    };
    const template = templateStateOf('Outputs', reported);
    expect(template).toEqual({
      outputs: [
        { id: 1, type: 'srt', config: expect.not.objectContaining({ passphrase: expect.anything() }) },
        {
          id: 3,
          type: 'file',
          config: { name: 'Recording', ftp_config: { enable: true, username: 'ftp' } },
        },
        { id: 4, type: 'rtmp', config: { name: 'RTMP' } },
      ],
    });
    expect(JSON.stringify(template)).not.toMatch(/secret|drive-uuid|STREAM_RUNNING|rtmp:\/\//);
  });

  it("keeps System's settings but not the device's name, network or XML password", () => {
    expect(templateStateOf('System', system())).toEqual({
      config: {
        ntp_server: 'ntp.example.com',
        timezone: 'Europe/Paris',
        xml: { enabled: true, url: 'https://xml.example.com', poll_interval: 30, username: 'xml' },
      },
    });
  });

  it("keeps the device's own alert rules, without their guid or state", () => {
    const rule = {
      type: 'metric',
      name: 'cpu',
      label: 'High CPU',
      config: { enabled: true, threshold_value: 90, threshold_condition: 'GreaterThan' },
    };
    const template = templateStateOf('Alerts', {
      alerts: [
        { ...rule, alert_guid: 'g1', category: 'device', alert_state: 'active', silenced: true },
        { ...rule, name: 'fleet-cpu', alert_guid: 'g2', category: 'fleet', fleet_guid: 'f1' },
      ],
    });
    expect(template).toEqual({ alerts: [{ ...rule, category: 'device' }] });
  });

  it('keeps inputs with their hardware channel and nothing the device detected', () => {
    const template = templateStateOf('Inputs', {
      inputs: [
        { id: 1, type: 'hardware', hw_channel: 0, video_input_format: '1080p', config: { name: 'Cam' } },
      ],
    });
    expect(template).toEqual({
      inputs: [{ id: 1, type: 'hardware', hw_channel: 0, config: { name: 'Cam' } }],
    });
  });
});

describe('templateSetState', () => {
  it("replaces the outputs, keeping the ids and secrets of the device's outputs of the same id and type", () => {
    const template = templateStateOf('Outputs', {
      outputs: [srt(1, { destination_port: 9100 }), { id: 2, type: 'rtsp', config: { name: 'RTSP' } }],
    });
    const reported = {
      outputs: [
        srt(1, { passphrase: 'the-device-passphrase' }),
        { id: 2, type: 'thumbnail', config: { name: 'Preview' } },
        { id: 5, type: 'rtsp', config: { name: 'Old RTSP' } },
      ],
    };
    expect(templateSetState('Outputs', template, reported)).toEqual({
      outputs: [
        srt(1, { destination_port: 9100, passphrase: 'the-device-passphrase' }),
        // The device's output 2 is of another type: the template's is created, the device's removed.
        { id: false, type: 'rtsp', config: { name: 'RTSP' } },
      ],
    });
  });

  it('sends only what a set sends of an entry, whatever else a template made elsewhere holds', () => {
    const template = {
      inputs: [{ id: 1, type: 'hardware', hw_channel: 0, video_input_format: '720p', config: {} }],
    };
    expect(templateSetState('Inputs', template, { inputs: [] })).toEqual({
      inputs: [{ id: false, type: 'hardware', hw_channel: 0, config: {} }],
    });
  });

  it("keeps the device's chosen drive, never the template's", () => {
    const template = {
      outputs: [
        { id: 3, type: 'file', config: { name: 'Rec', device_selection_policy_data: 'other-drive' } },
        { id: 4, type: 'file', config: { name: 'Rec 2', device_selection_policy_data: 'other-drive' } },
      ],
    };
    const reported = {
      outputs: [{ id: 3, type: 'file', config: { name: 'Old', device_selection_policy_data: 'my-drive' } }],
    };
    expect(templateSetState('Outputs', template, reported).outputs).toEqual([
      { id: 3, type: 'file', config: { name: 'Rec', device_selection_policy_data: 'my-drive' } },
      { id: false, type: 'file', config: { name: 'Rec 2' } },
    ]);
  });

  it('matches an entry of the same type and name when the ids differ, so applying twice changes nothing', () => {
    const template = templateStateOf('Outputs', { outputs: [srt(1)] });
    const reported = { outputs: [srt(12, { passphrase: 'mine' }), srt(13, { name: 'Backup SRT' })] };
    const set = templateSetState('Outputs', template, reported);
    expect(set).toEqual({ outputs: [srt(12, { passphrase: 'mine' })] });
  });

  it('gives one device entry to one template entry only', () => {
    const template = {
      encoders: [
        { id: 1, type: 'video', config: { name: 'A' } },
        { id: 1, type: 'video', config: { name: 'B' } },
      ],
    };
    const reported = { encoders: [{ id: 1, type: 'video', config: { name: 'Old' } }] };
    expect(templateSetState('Encoders', template, reported).encoders).toEqual([
      { id: 1, type: 'video', config: { name: 'A' } },
      { id: false, type: 'video', config: { name: 'B' } },
    ]);
  });

  it("applies System's settings and keeps the device's name, network and XML password", () => {
    const template = templateStateOf(
      'System',
      system({ device_name: 'Studio A', ntp_server: 'pool.ntp.org' }),
    );
    const reported = system({
      device_name: 'Studio B',
      ip_scheme: 'dhcp',
      static_network: null,
      timezone: 'UTC',
      xml: { enabled: false, url: '', poll_interval: 60, username: '', password: 'b-password' },
    });
    const set = templateSetState('System', template, reported);
    expect(set).toEqual({
      config: {
        device_name: 'Studio B',
        ip_scheme: 'dhcp',
        static_network: null,
        ntp_server: 'pool.ntp.org',
        timezone: 'Europe/Paris',
        xml: {
          enabled: true,
          url: 'https://xml.example.com',
          poll_interval: 30,
          username: 'xml',
          password: 'b-password',
        },
      },
    });
    expect(validateShadowSet('System', set, { product: 'edgecaster', entitlements: {} })).toEqual([]);
  });

  it("replaces the device's own alerts, keeping the guid of the same rule, and leaves fleet alerts", () => {
    const config = { enabled: true, threshold_value: 80, threshold_condition: 'GreaterThan' };
    const template = {
      alerts: [
        { type: 'metric', name: 'temp', label: 'High Temperature', category: 'device', config },
        { type: 'metric', name: 'cpu', label: 'High CPU', category: 'device', config },
      ],
    };
    const fleetAlert = {
      alert_guid: 'f',
      type: 'metric',
      name: 'mem',
      label: 'Mem',
      category: 'fleet',
      config,
    };
    const reported = {
      alerts: [
        {
          alert_guid: 't',
          type: 'metric',
          name: 'temp',
          label: 'Temp',
          category: 'device',
          config,
          alert_state: 'ok',
        },
        { alert_guid: 'd', type: 'metric', name: 'disk', label: 'Disk', category: 'device', config },
        fleetAlert,
      ],
    };
    expect(templateSetState('Alerts', template, reported)).toEqual({
      alerts: [fleetAlert, { ...template.alerts[0], alert_guid: 't' }, template.alerts[1]],
    });
  });
});
