import { describe, expect, it } from 'vitest';
import { readSystemState, staticNetworkFor } from './system-form-values';

const status = {
  mac_address: '00:11:22:33:44:55',
  net_connected: true,
  ip_address: '192.168.1.20',
  dns_addresses: ['192.168.1.1', '8.8.8.8'],
};

describe('readSystemState', () => {
  it('fills the documented defaults for a sparse document', () => {
    const { config } = readSystemState({ config: { device_name: 'Encoder 1' } });
    expect(config).toEqual({
      device_name: 'Encoder 1',
      ip_scheme: 'dhcp',
      static_network: null,
      ntp_server: '',
      timezone: 'UTC',
      xml: { enabled: false, url: '', poll_interval: 60, username: '', password: '' },
    });
  });

  it('keeps static settings of a static device', () => {
    const { config } = readSystemState({
      config: {
        ip_scheme: 'static',
        static_network: {
          ip_address: '10.0.0.2',
          netmask: '255.0.0.0',
          gateway: '10.0.0.1',
          dns_addresses: ['10.0.0.1'],
        },
      },
      status,
    });
    expect(config.static_network).toEqual({
      ip_address: '10.0.0.2',
      netmask: '255.0.0.0',
      gateway: '10.0.0.1',
      dns_addresses: ['10.0.0.1', ''],
    });
  });
});

describe('staticNetworkFor', () => {
  it('clears the static settings for DHCP', () => {
    expect(staticNetworkFor('dhcp', status, null)).toBeNull();
  });

  it('pre-fills static settings from the current network values', () => {
    expect(
      staticNetworkFor('static', status, {
        ip_address: '',
        netmask: '255.255.255.0',
        gateway: '192.168.1.1',
        dns_addresses: ['', ''],
      }),
    ).toEqual({
      ip_address: '192.168.1.20',
      netmask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns_addresses: ['192.168.1.1', '8.8.8.8'],
    });
  });
});
