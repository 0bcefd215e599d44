import { fork } from 'node:child_process';
import path from 'node:path';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { FleetOptions } from '@ec/simulator/fleet';
import { serverCpuMs } from './bench-console.ts';

type FromChild =
  | { type: 'ready' }
  | { type: 'progress'; connected: number }
  | { type: 'started' }
  | { type: 'stopped' };

/**
 * Simulated devices in a process of their own, as a real fleet runs on machines of its own: their
 * work does not delay the bench's own requests, whose timings are what a person waits for (in the
 * bench's process, 10,000 devices' event loop added seconds to them). Answers once the process is
 * loaded; `start` settles once every device has connected and announced itself.
 */
export async function forkFleetProcess() {
  const child = fork(path.join(import.meta.dirname, 'simulated-fleet-child.ts'), {
    execArgv: ['--import', 'tsx'],
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
    start(devices: readonly ProvisionedDevice[], mqttUrl: string, options: Omit<FleetOptions, 'onProgress'>) {
      const started = next('started');
      child.send({ devices, mqttUrl, options });
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
