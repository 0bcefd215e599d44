import type { ProvisionedDevice, storageDeviceSchema, updateStateSchema } from '@ec/contract/devices';
import type { z } from 'zod';
import { VERSIONS } from './versions.ts';

export type StorageDevice = z.infer<typeof storageDeviceSchema>;
export type UpdateState = z.infer<typeof updateStateSchema>;

/** What a running encoder keeps about itself besides its shadows; commands change it. */
export interface DeviceRuntime {
  bootedAt: Date;
  versions: { firmware: string; daemon: string; system: string; cloud: string };
  adbPort: number | null;
  /** The local UI's password; empty when its authentication is off. */
  uiPassword: string;
  storage: StorageDevice[];
  updateState: UpdateState[];
  /** The firmware a downloaded update installs when applied. */
  downloadedFirmware: string | null;
}

/** `versions` replaces the product's current software, for a device that runs an older one. */
export function initialRuntime(
  device: ProvisionedDevice,
  versions: Partial<DeviceRuntime['versions']> = {},
): DeviceRuntime {
  const serial = device.serial_number;
  return {
    bootedAt: new Date(),
    versions: { ...VERSIONS[device.product_name], ...versions },
    adbPort: null,
    uiPassword: '',
    storage: [
      {
        devno: 'mmcblk0p8',
        type: 'MMC',
        uuid: `${serial}-mmc`,
        name: 'Internal storage',
        size: { used: 2.1e9, total: 16e9 },
      },
      {
        devno: 'sda1',
        type: 'USB',
        uuid: `${serial}-usb`,
        name: 'USB drive',
        size: { used: 8.4e9, total: 64e9 },
      },
      {
        devno: 'mmcblk1p1',
        type: 'SD Card',
        uuid: `${serial}-sd`,
        name: 'SD card',
        size: { used: 1.2e9, total: 32e9 },
      },
    ],
    updateState: [],
    downloadedFirmware: null,
  };
}
