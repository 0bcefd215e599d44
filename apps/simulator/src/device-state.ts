import type { StateMessage } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { VERSIONS } from './versions.ts';

/** The state a device publishes about itself (spec 2 §3 device state). */
export function deviceState(
  device: ProvisionedDevice,
  network: { ip: string; externalIp: string },
  bootedAt: Date,
): StateMessage {
  const versions = VERSIONS[device.product_name];
  const edgecaster = device.product_name === 'edgecaster';
  return {
    device_ip: network.ip,
    external_ip: network.externalIp,
    ip_scheme: 'dhcp',
    serial_number: device.serial_number,
    mac_address_current: device.mac_address,
    last_boot: bootedAt.toISOString(),
    last_state_update: new Date().toISOString(),
    ready_for_commands: true,
    daemon_version: versions.daemon,
    system_version: versions.system,
    firmware_version: versions.firmware,
    cloud_version: versions.cloud,
    adb_port: null,
    ui_password_set: false,
    storage_devices: [
      {
        devno: 'mmcblk0p8',
        type: 'MMC',
        uuid: `${device.serial_number}-mmc`,
        name: 'Internal storage',
        size: { used: 2.1e9, total: 16e9 },
      },
    ],
    update_state: [],
    ...(edgecaster
      ? {
          gpu_throttling: false,
          cpu_CPU1_throttling: false,
          cpu_CPU2_throttling: false,
          cpu_CPU3_throttling: false,
          cpu_CPU4_throttling: false,
        }
      : {}),
  };
}
