import type { Device } from '@ec/contract/devices';

/** Device list columns (spec 1 §3, spec 2 §2.3). The device name always comes first. */
export type DeviceColumn =
  | 'streaming_status'
  | 'device_ip'
  | 'external_ip'
  | 'firmware_version'
  | 'serial_number'
  | 'mac_address'
  | 'last_state_update';

export const DEFAULT_DEVICE_LAYOUT: DeviceColumn[] = [
  'streaming_status',
  'device_ip',
  'firmware_version',
  'serial_number',
  'mac_address',
];

export const COLUMN_HEADERS: Record<DeviceColumn, string> = {
  streaming_status: 'Status',
  device_ip: 'IP Address',
  external_ip: 'External IP',
  firmware_version: 'Firmware',
  serial_number: 'Serial Number',
  mac_address: 'MAC Address',
  last_state_update: 'Last Update',
};

/**
 * Responsive hiding (spec 2 §2.3): layout columns from the 4th on hide on smaller screens, from the
 * 6th on below extra-large.
 */
export function columnDisplay(index: number) {
  if (index >= 5) return { xs: 'none', xl: 'table-cell' };
  if (index >= 3) return { xs: 'none', md: 'table-cell' };
  return undefined;
}

export const deviceAlias = (device: Pick<Device, 'metadata'>) =>
  device.metadata.find((entry) => entry.key === 'device_alias')?.value || null;
