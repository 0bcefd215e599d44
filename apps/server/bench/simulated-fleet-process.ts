import { fork } from 'node:child_process';
import path from 'node:path';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { FleetOptions } from '@ec/simulator/fleet';
import { serverCpuMs } from './bench-console.ts';

type FromChild =
  | { type: 'ready' }
  | { type: 'progress'; connected: number }
  | { type: 'prepared' }
  | { type: 'started' }
  | { type: 'stopped' };

/**
 * Simulated devices in a process of their own, as a real fleet runs on machines of its own: their
 * work does not delay the bench's own requests, whose timings are what a person waits for (in the
 * bench's process, 10,000 devices' event loop added seconds to them). Answers once the process is
 * loaded; `prepare` builds the devices without connecting them, `start` settles once every device
 * has connected and announced itself. BENCH_FLEET_NODE_ARGS: Node options for that process
 * (`--cpu-prof --cpu-prof-dir=...` to profile the devices).
 */
export async function forkFleetProcess() {
  const child = fork(path.join(import.meta.dirname, 'simulated-fleet-child.ts'), {
    execArgv: [...(process.env.BENCH_FLEET_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let connected = 0;
  const listeners = new Map<FromChild['type'], () => void>();
  child.on('message', (message: FromChild) => {
    if (message.type === 'progress') connected = message.connected;
    else listeners.get(message.type)?.();
  });
  const next = (type: FromChild['type']) =>
    new Promise<void>((resolve, reject) => {
      listeners.set(type, resolve);
      child.once('exit', (code) => reject(new Error(`the fleet's process ended (${code})`)));
    });
  await next('ready');
  return {
    /** The first `encoders` devices are the simulator's encoders, the rest LeanDevices. */
    prepare(
      devices: readonly ProvisionedDevice[],
      mqttUrl: string,
      options: Omit<FleetOptions, 'onProgress'>,
      encoders: number,
    ) {
      const prepared = next('prepared');
      child.send({ devices, mqttUrl, options, encoders });
      return prepared;
    },
    start() {
      const started = next('started');
      child.send({ type: 'start' });
      return started;
    },
    connected: () => connected,
    /** CPU milliseconds the devices' process has used so far. */
    cpuMs: () => serverCpuMs(child.pid!),
    async stop() {
      const stopped = next('stopped');
      child.send({ type: 'stop' });
      await stopped;
    },
  };
}
