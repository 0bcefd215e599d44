import type { ProvisionedDevice } from '@ec/contract/devices';
import { SimulatedDevice, type SimulatedDeviceOptions } from './simulated-device.ts';

export type FleetOptions = Omit<SimulatedDeviceOptions, 'device' | 'mqttUrl'> & {
  /** Devices connecting at the same time. */
  concurrency?: number;
  onProgress?: (started: number, total: number) => void;
};

/** Starts many simulated devices with bounded concurrency; `stop` shuts them all down cleanly. */
export async function startSimulatedFleet(
  devices: readonly ProvisionedDevice[],
  mqttUrl: string,
  options: FleetOptions = {},
) {
  const { concurrency = 50, onProgress, ...deviceOptions } = options;
  const simulated = devices.map((device) => new SimulatedDevice({ ...deviceOptions, device, mqttUrl }));
  let next = 0;
  let started = 0;
  const worker = async () => {
    while (next < simulated.length) {
      const device = simulated[next++]!;
      await device.start();
      onProgress?.(++started, simulated.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, simulated.length) }, worker));
  return {
    devices: simulated,
    stop: () => Promise.all(simulated.map((device) => device.stop())).then(() => undefined),
  };
}
