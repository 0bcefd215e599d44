import { describe, expect, it } from 'vitest';
import { zodIssues } from './fields.ts';
import { systemConfigSchema, systemShadowStateSchema } from './system.ts';

const config = {
  device_name: 'Stage',
  ip_scheme: 'dhcp',
  static_network: null,
  ntp_server: 'pool.ntp.org',
  timezone: 'UTC',
  xml: { enabled: false, url: '', poll_interval: 60, username: '', password: '' },
};
const network = {
  ip_address: '10.0.0.5',
  netmask: '255.255.255.0',
  gateway: '10.0.0.1',
  dns_addresses: ['', ''],
};
const issuesOf = (value: unknown) => {
  const parsed = systemConfigSchema.safeParse(value);
  return parsed.success ? [] : zodIssues(parsed.error);
};

describe('the System document (spec 3 §3.5)', () => {
  it('reads a config with its read-only status', () => {
    const state = {
      config,
      status: {
        mac_address: '02:00:00:00:00:01',
        net_connected: true,
        ip_address: '10.0.0.5',
        dns_addresses: [],
      },
    };
    expect(systemShadowStateSchema.parse(state)).toEqual(state);
    expect(issuesOf({ ...config, ip_scheme: 'static', static_network: network })).toEqual([]);
  });

  it.each([
    ['no device name', { device_name: ' ' }, ['device_name'], 'Device name is required'],
    [
      'a device name over 64 characters',
      { device_name: 'x'.repeat(65) },
      ['device_name'],
      'Device name must be 64 characters or less',
    ],
    ['static without settings', { ip_scheme: 'static' }, ['static_network'], 'Static settings are required'],
    [
      'a static address that is no IP',
      { ip_scheme: 'static', static_network: { ...network, gateway: 'router' } },
      ['static_network', 'gateway'],
      'Must be a valid IP address',
    ],
    ['no timezone', { timezone: '' }, ['timezone'], 'Timezone is required'],
    [
      'an XML configuration without a URL',
      { xml: { ...config.xml, enabled: true, url: 'nope' } },
      ['xml', 'url'],
      'URL must be valid',
    ],
    [
      'an XML poll interval of 0',
      { xml: { ...config.xml, poll_interval: 0 } },
      ['xml', 'poll_interval'],
      'Value must be >= 1',
    ],
  ])('refuses %s', (_name, change, path, message) => {
    expect(issuesOf({ ...config, ...change })).toContainEqual({ path, message });
  });
});
