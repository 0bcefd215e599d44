import type { DeviceState } from '@ec/contract/devices';

export type StorageDevice = DeviceState['storage_devices'][number];

/** Spec 2 §4.8: only these can be removed safely or formatted. */
const REMOVABLE_TYPES: readonly StorageDevice['type'][] = ['USB', 'SD Card'];
export const NOT_REMOVABLE = 'Only USB and SD Card storage can be removed or formatted.';

/** The entries the dialog lists: an entry without a uuid cannot be named in a command, so it is hidden. */
export const listedStorageDevices = (devices: readonly StorageDevice[]) =>
  devices.filter((device) => device.uuid.trim() !== '');

export const isRemovable = (device: StorageDevice) => REMOVABLE_TYPES.includes(device.type);

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A size in 1024 units (spec 2 §9 byte units), e.g. '59.6 GB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Spec 2 §3: a storage device's size as used / total. */
export const storageSize = (device: StorageDevice) =>
  `${formatBytes(device.size.used)} / ${formatBytes(device.size.total)}`;
