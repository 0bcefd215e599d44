import {
  type SystemStatus,
  type staticNetworkSchema,
  type systemConfigSchema,
  XML_POLL_INTERVAL_DEFAULT,
} from '@ec/contract/shadow-documents/system';
import type { z } from 'zod';

export type SystemFormValues = z.input<typeof systemConfigSchema>;
export type StaticNetwork = z.input<typeof staticNetworkSchema>;

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function readStatic(value: unknown): StaticNetwork | null {
  if (typeof value !== 'object' || value === null) return null;
  const network = record(value);
  const dns = Array.isArray(network.dns_addresses) ? network.dns_addresses : [];
  return {
    ip_address: text(network.ip_address),
    netmask: text(network.netmask),
    gateway: text(network.gateway),
    dns_addresses: [text(dns[0]), text(dns[1])],
  };
}

/**
 * The System shadow's reported state as form values and read-only status. Missing or mistyped parts
 * get the documented defaults (poll interval 60, DHCP) so the form always has every field.
 */
export function readSystemState(state: Record<string, unknown> | null | undefined): {
  config: SystemFormValues;
  status: SystemStatus;
} {
  const config = record(state?.config);
  const xml = record(config.xml);
  const status = record(state?.status);
  const ipScheme = config.ip_scheme === 'static' ? 'static' : 'dhcp';
  return {
    config: {
      device_name: text(config.device_name),
      ip_scheme: ipScheme,
      static_network: ipScheme === 'static' ? (readStatic(config.static_network) ?? emptyStatic()) : null,
      ntp_server: text(config.ntp_server),
      timezone: text(config.timezone, 'UTC'),
      xml: {
        enabled: xml.enabled === true,
        url: text(xml.url),
        poll_interval: typeof xml.poll_interval === 'number' ? xml.poll_interval : XML_POLL_INTERVAL_DEFAULT,
        username: text(xml.username),
        password: text(xml.password),
      },
    },
    status: {
      mac_address: text(status.mac_address),
      net_connected: status.net_connected === true,
      ip_address: text(status.ip_address),
      dns_addresses: Array.isArray(status.dns_addresses) ? status.dns_addresses.map((dns) => text(dns)) : [],
    },
  };
}

const emptyStatic = (): StaticNetwork => ({
  ip_address: '',
  netmask: '',
  gateway: '',
  dns_addresses: ['', ''],
});

/** Switching to static pre-fills from the current network values (spec 3 §2.5), then earlier static settings. */
export function staticNetworkPrefill(status: SystemStatus, previous: StaticNetwork | null): StaticNetwork {
  return {
    ip_address: status.ip_address || previous?.ip_address || '',
    netmask: previous?.netmask ?? '',
    gateway: previous?.gateway ?? '',
    dns_addresses: [
      status.dns_addresses[0] || previous?.dns_addresses[0] || '',
      status.dns_addresses[1] || previous?.dns_addresses[1] || '',
    ],
  };
}

/** The static settings after switching ip_scheme: cleared for DHCP, pre-filled for static. */
export function staticNetworkFor(
  scheme: 'dhcp' | 'static',
  status: SystemStatus,
  previous: StaticNetwork | null,
): StaticNetwork | null {
  return scheme === 'dhcp' ? null : staticNetworkPrefill(status, previous);
}

/** The labels of the System fields, for the notice of a newer version (paths of SystemFormValues). */
const FIELD_LABELS: Record<string, string> = {
  device_name: 'Device Name',
  timezone: 'Timezone',
  ip_scheme: 'IP Scheme',
  'static_network.ip_address': 'IP Address',
  'static_network.netmask': 'Netmask',
  'static_network.gateway': 'Gateway',
  'static_network.dns_addresses': 'DNS Addresses',
  ntp_server: 'NTP Server',
  'xml.enabled': 'Enable XML Configuration',
  'xml.url': 'XML URL',
  'xml.poll_interval': 'XML Poll Interval',
  'xml.username': 'XML Username',
};
export const systemFieldLabel = (path: string[]) => FIELD_LABELS[path.join('.')] ?? path.join(' › ');
