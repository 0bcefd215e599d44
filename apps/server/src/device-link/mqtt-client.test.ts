import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.ts';
import { connectMqtt } from './mqtt-client.ts';

let broker: EmbeddedBroker;
const server = { username: 'ec-console-server', password: 'server-secret' };

beforeAll(async () => {
  broker = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    log: createLogger({ level: 'error' }),
    auth: { server, verifyDevice: async () => false },
  });
});
afterAll(() => broker.close());

describe('connectMqtt', () => {
  it('sends the packets of one event-loop turn in one write, and each turn its own', async () => {
    const client = await connectMqtt(broker.url, server);
    const socket = client.stream as Socket & { _writev: Socket['_writev'] };
    let writes = 0;
    const writev = socket._writev!.bind(socket);
    socket._writev = (chunks, callback) => {
      writes += 1;
      writev(chunks, callback);
    };
    const write = socket._write.bind(socket);
    socket._write = (chunk, encoding, callback) => {
      writes += 1;
      write(chunk, encoding, callback);
    };
    const received: string[] = [];
    client.on('message', (_topic, payload) => received.push(payload.toString()));
    await client.subscribeAsync('ec/test/turns');
    writes = 0;

    // One packet a tick, as mqtt.js acknowledges what it receives: each tick's write would be its own.
    const publishTickAfterTick = (name: string, i = 0) => {
      if (i === 50) return;
      client.publish('ec/test/turns', `${name} ${i}`, { qos: 1 });
      process.nextTick(() => publishTickAfterTick(name, i + 1));
    };
    publishTickAfterTick('first');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toBe(1);
    publishTickAfterTick('second');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toBe(2);

    await expect.poll(() => received.length).toBe(100);
    expect(received.slice(0, 2)).toEqual(['first 0', 'first 1']);
    await client.endAsync();
  });
});
