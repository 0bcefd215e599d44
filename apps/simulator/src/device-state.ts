import type { StateMessage } from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DeviceRuntime } from './device-runtime.ts';

/** The state a device publishes about itself (spec 2 §3 device state). */
export function deviceState(
  device: ProvisionedDevice,
  network: { ip: string; externalIp: string },
  runtime: DeviceRuntime,
): StateMessage {
  const { versions } = runtime;
  const edgecaster = device.product_name === 'edgecaster';
  return {
    device_ip: network.ip,
    external_ip: network.externalIp,
    ip_scheme: 'dhcp',
    serial_number: device.serial_number,
    mac_address_current: device.mac_address,
    last_boot: runtime.bootedAt.toISOString(),
    last_state_update: new Date().toISOString(),
    ready_for_commands: true,
    daemon_version: versions.daemon,
    system_version: versions.system,
    firmware_version: versions.firmware,
    cloud_version: versions.cloud,
    adb_port: runtime.adbPort,
    ui_password_set: runtime.uiPassword !== '',
    storage_devices: runtime.storage,
    update_state: runtime.updateState,
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
