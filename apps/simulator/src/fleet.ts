import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { SimulatedDevice, type SimulatedDeviceOptions } from './simulated-device.ts';

export type FleetOptions = Omit<SimulatedDeviceOptions, 'device' | 'mqttUrl'> & {
  /** Devices connecting at the same time (all of them unless told). */
  concurrency?: number;
  onProgress?: (started: number, total: number) => void;
};

/**
 * Devices launched before the process looks at its sockets again: a device's first step (its MQTT
 * client, its connect) runs at once, so launching thousands in one go would hold every connection
 * back until the last client exists.
 */
const LAUNCHED_PER_TURN = 100;

/** A device a fleet starts and stops; stopping one that never started does nothing. */
export interface FleetMember {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const stopAll = (devices: readonly FleetMember[]) =>
  Promise.all(devices.map((device) => device.stop())).then(() => undefined);

/**
 * Starts devices, at most `concurrency` at a time (all unless told), settling once each has started.
 * When one fails, no more are started, those started are stopped and its error is thrown.
 */
export async function startAll(
  devices: readonly FleetMember[],
  options: Pick<FleetOptions, 'concurrency' | 'onProgress'> = {},
) {
  const { concurrency = devices.length, onProgress } = options;
  let started = 0;
  let failure: { error: unknown } | undefined;
  const running = new Set<Promise<void>>();
  for (const [index, device] of devices.entries()) {
    if (failure) break;
    if (running.size >= concurrency) await Promise.race(running);
    if (index % LAUNCHED_PER_TURN === LAUNCHED_PER_TURN - 1) await nextTurn();
    const starting: Promise<void> = device.start().then(
      () => {
        running.delete(starting);
        onProgress?.(++started, devices.length);
      },
      (error: unknown) => {
        running.delete(starting);
        failure ??= { error };
      },
    );
    running.add(starting);
  }
  await Promise.all(running);
  if (failure) {
    await stopAll(devices);
    throw failure.error;
  }
}

/**
 * Builds many simulated devices (their documents, their state) without connecting any: `start`
 * connects them (startAll) and settles once each has announced itself; `stop` shuts them all down
 * cleanly.
 */
export function prepareSimulatedFleet(
  devices: readonly ProvisionedDevice[],
  mqttUrl: string,
  options: FleetOptions = {},
) {
  const { concurrency, onProgress, ...deviceOptions } = options;
  const simulated = devices.map((device) => new SimulatedDevice({ ...deviceOptions, device, mqttUrl }));
  const start = () => startAll(simulated, { concurrency, onProgress });
  const stop = () => stopAll(simulated);
  return { devices: simulated, start, stop };
}

/** Builds and starts a fleet (prepareSimulatedFleet), settling once every device has announced itself. */
export async function startSimulatedFleet(
  devices: readonly ProvisionedDevice[],
  mqttUrl: string,
  options: FleetOptions = {},
) {
  const fleet = prepareSimulatedFleet(devices, mqttUrl, options);
  await fleet.start();
  return { devices: fleet.devices, stop: fleet.stop };
}
