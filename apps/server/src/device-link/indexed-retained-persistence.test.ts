import type { Readable } from 'node:stream';
import memoryPersistence, { type AedesMemoryPersistence, type Packet } from 'aedes-persistence';
import { describe, expect, it } from 'vitest';
import { indexedRetainedPersistence } from './indexed-retained-persistence.ts';

const retained = (topic: string, payload: string) =>
  ({
    cmd: 'publish',
    topic,
    payload: Buffer.from(payload),
    qos: 1,
    retain: true,
    brokerId: 'b',
    brokerCounter: 1,
  }) as unknown as Packet;

/** As aedes 1 stores a retained message: without a callback, awaiting the promise it answers. */
const store = (persistence: AedesMemoryPersistence, packet: Packet) =>
  (persistence.storeRetained as unknown as (packet: Packet) => Promise<void>)(packet);

const topicsOf = async (stream: Readable) =>
  (await stream.toArray()).map(
    (packet: { topic: string; payload: Buffer }) => `${packet.topic}=${packet.payload}`,
  );

describe('retained messages kept by topic', () => {
  it('answers every filter as aedes’ own memory persistence does, exact ones from the index', async () => {
    const indexed = indexedRetainedPersistence();
    const plain = memoryPersistence();
    const writes = [
      retained('ec/devices/a/connection', 'on'),
      retained('ec/devices/a/entitlements', 'e1'),
      retained('ec/devices/b/connection', 'on'),
      retained('ec/devices/b/entitlements', 'e1'),
      retained('ec/devices/a/entitlements', 'e2'),
      retained('ec/devices/b/connection', ''),
    ];
    for (const packet of writes) {
      await store(indexed, packet);
      await store(plain, packet);
    }
    for (const filters of [
      ['ec/devices/a/entitlements'],
      ['ec/devices/b/connection'],
      ['ec/devices/a/connection', 'ec/devices/b/entitlements', 'ec/devices/c/commands'],
      ['ec/devices/+/connection'],
      ['ec/devices/#', 'ec/devices/a/entitlements'],
    ])
      expect(await topicsOf(indexed.createRetainedStreamCombi(filters))).toEqual(
        await topicsOf(plain.createRetainedStreamCombi(filters)),
      );
    expect(await topicsOf(indexed.createRetainedStream('ec/devices/a/entitlements'))).toEqual([
      'ec/devices/a/entitlements=e2',
    ]);
    expect(await topicsOf(indexed.createRetainedStream('ec/devices/b/connection'))).toEqual([]);
  });
});
