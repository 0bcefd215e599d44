import type { Socket } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** Connects with Nagle's algorithm off: QoS 1 round trips drop from ~88 ms to well under 1 ms. */
export async function connectMqtt(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 1000, connectTimeout: 10_000, ...options });
  client.on('connect', () => (client.stream as Partial<Socket>).setNoDelay?.(true));
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
  } catch (error) {
    // Otherwise the client would go on reconnecting in the background.
    client.end(true);
    throw error;
  }
  return client;
}

/** The broker address as devices should see it: without the server's own credentials. */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href.replace(/\/$/, '');
}
