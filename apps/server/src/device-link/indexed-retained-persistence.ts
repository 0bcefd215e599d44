import { Readable } from 'node:stream';
import memoryPersistence, {
  type AedesMemoryPersistence,
  type Packet as AedesPacket,
} from 'aedes-persistence';

const hasWildcard = (pattern: string) => pattern.includes('+') || pattern.includes('#');

/**
 * aedes' in-memory persistence with its retained messages also kept by topic. On a subscription,
 * aedes asks for the retained messages matching each filter, and the memory persistence tests every
 * retained topic against it: with each device subscribing to three topics and two retained messages a
 * device (its online flag, its entitlements), a fleet connecting at once cost time in the square of its
 * size (3,000 devices: 38 of the server's CPU-seconds in those tests). Every filter a device subscribes
 * to is one exact topic: it is answered from the index; a filter with a wildcard (the console's own
 * subscriptions, at start-up) still goes through the full test.
 */
export function indexedRetainedPersistence(): AedesMemoryPersistence {
  const persistence = memoryPersistence();
  const byTopic = new Map<string, AedesPacket>();
  const storeRetained = persistence.storeRetained.bind(persistence);
  const retainedStream = persistence.createRetainedStream.bind(persistence);
  const retainedStreamCombi = persistence.createRetainedStreamCombi.bind(persistence);

  // aedes 1 calls it without a callback and awaits the promise the memory persistence then answers.
  persistence.storeRetained = ((packet: AedesPacket, callback?: (error?: Error | null) => void) => {
    // Retained messages are publish packets: they have a topic and a payload.
    if ('topic' in packet && 'payload' in packet) {
      if (packet.payload.length === 0) byTopic.delete(packet.topic);
      else byTopic.set(packet.topic, { ...packet });
    }
    return storeRetained(packet, callback as never);
  }) as AedesMemoryPersistence['storeRetained'];
  const exactly = (patterns: readonly string[]) =>
    Readable.from(patterns.flatMap((pattern) => byTopic.get(pattern) ?? []));
  persistence.createRetainedStream = (pattern) =>
    hasWildcard(pattern) ? retainedStream(pattern) : exactly([pattern]);
  persistence.createRetainedStreamCombi = (patterns) =>
    patterns.some(hasWildcard) ? retainedStreamCombi(patterns) : exactly(patterns);
  return persistence;
}
