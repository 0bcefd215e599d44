import type { ProvisionedDevice } from '@ec/contract/devices';
import { type FleetOptions, startAll, stopAll } from '@ec/simulator/fleet';
import { SimulatedDevice } from '@ec/simulator/simulated-device';
import { LeanDevice } from './lean-device.ts';

/**
 * The process the bench's simulated devices run in (simulated-fleet-process.ts): ready once loaded;
 * told the devices and options, it builds them (their documents: what a device has before it
 * connects) and says so; told to start, it connects them, tells how many have announced themselves
 * as they do and when all have, and stops them when told. The first `encoders` devices are the
 * simulator's encoders (they answer sets and commands); the others are LeanDevices announcing the
 * documents the simulator built for them.
 */
type Prepare = {
  devices: ProvisionedDevice[];
  mqttUrl: string;
  options: Omit<FleetOptions, 'onProgress'>;
  encoders: number;
};

const send = (message: unknown) => process.send!(message);

// The bench ended (or failed): its devices go with it.
process.once('disconnect', () => process.exit());
send({ type: 'ready' });
process.once('message', ({ devices, mqttUrl, options, encoders }: Prepare) => {
  const { concurrency, ...deviceOptions } = options;
  const members = devices.map((device, index) => {
    const encoder = new SimulatedDevice({ ...deviceOptions, device, mqttUrl });
    return index < encoders ? encoder : new LeanDevice(device, mqttUrl, encoder.announcement());
  });
  send({ type: 'prepared' });
  process.once('message', async () => {
    await startAll(members, {
      concurrency,
      onProgress: (connected) => send({ type: 'progress', connected }),
    });
    send({ type: 'started' });
    process.once('message', async () => {
      await stopAll(members);
      send({ type: 'stopped' });
      process.disconnect?.();
    });
  });
});
