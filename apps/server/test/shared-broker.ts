import net from 'node:net';
import { Aedes } from 'aedes';

/**
 * The broker several test servers share, as several processes would in production: TEST_MQTT_URL
 * (Mosquitto, with shared subscriptions) when set, otherwise a plain aedes started here.
 */
export async function openSharedBroker(): Promise<{
  mqttUrl: string;
  sharedSubscriptions: boolean;
  close: () => Promise<void>;
}> {
  const external = process.env.TEST_MQTT_URL;
  if (external) return { mqttUrl: external, sharedSubscriptions: true, close: async () => {} };
  const broker = await Aedes.createBroker();
  const server = net.createServer({ noDelay: true }, broker.handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    mqttUrl: `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    sharedSubscriptions: false,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
