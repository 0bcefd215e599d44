import type { ProvisionedDevice } from '@ec/contract/devices';
import { type FleetOptions, startSimulatedFleet } from '@ec/simulator/fleet';

/**
 * The process the bench's simulated devices run in (simulated-fleet-process.ts): ready once loaded;
 * told the devices and options, it starts them, tells how many have connected as they do and when all have, and
 * stops them when told.
 */
type Start = { devices: ProvisionedDevice[]; mqttUrl: string; options: FleetOptions };

const send = (message: unknown) => process.send!(message);

send({ type: 'ready' });
process.once('message', async ({ devices, mqttUrl, options }: Start) => {
  const fleet = await startSimulatedFleet(devices, mqttUrl, {
    ...options,
    onProgress: (connected) => send({ type: 'progress', connected }),
  });
  send({ type: 'started' });
  process.once('message', async () => {
    await fleet.stop();
    send({ type: 'stopped' });
    process.disconnect?.();
  });
});
