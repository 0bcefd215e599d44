import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DeviceRuntime } from './device-runtime.ts';

/** The text of a simulated encoder's logs: what a support engineer looks for first. */
export function logBundle(device: ProvisionedDevice, runtime: DeviceRuntime): string {
  const { versions } = runtime;
  const lines = [
    `${runtime.bootedAt.toISOString()} kernel: booting ${device.product_name} ${device.serial_number}`,
    `${runtime.bootedAt.toISOString()} daemon: version ${versions.daemon}, firmware ${versions.firmware}`,
    `${runtime.bootedAt.toISOString()} cloud-agent: version ${versions.cloud}, connecting`,
    `${new Date().toISOString()} cloud-agent: log bundle requested`,
  ];
  return `${lines.join('\n')}\n`;
}
