import type { ProvisionedDevice } from '@ec/contract/devices';
import { SimulatedDevice, type SimulatedDeviceOptions } from './simulated-device.ts';

export type FleetOptions = Omit<SimulatedDeviceOptions, 'device' | 'mqttUrl'> & {
  /** Devices connecting at the same time. */
  concurrency?: number;
  onProgress?: (started: number, total: number) => void;
};

/**
 * Starts many simulated devices with bounded concurrency; `stop` shuts them all down cleanly. When a
 * device cannot connect, no more are started, those started are stopped and the device's error is
 * thrown.
 */
export async function startSimulatedFleet(
  devices: readonly ProvisionedDevice[],
  mqttUrl: string,
  options: FleetOptions = {},
) {
  const { concurrency = 50, onProgress, ...deviceOptions } = options;
  const simulated = devices.map((device) => new SimulatedDevice({ ...deviceOptions, device, mqttUrl }));
  let next = 0;
  let started = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < simulated.length && !failure) {
      const device = simulated[next++]!;
      try {
        await device.start();
      } catch (error) {
        failure ??= { error };
        return;
      }
      onProgress?.(++started, simulated.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, simulated.length) }, worker));
  const stop = () => Promise.all(simulated.map((device) => device.stop())).then(() => undefined);
  if (failure) {
    await stop();
    throw failure.error;
  }
  return { devices: simulated, stop };
}
