import type { LiveEvent } from '@ec/contract/live';
import { describe, expect, it } from 'vitest';
import { LIVE_BATCH_EVENTS, liveBatcher, liveMessage, parseLiveMessage } from './live-batches.ts';

const connection = (n: number): LiveEvent => ({
  type: 'device.connection',
  device_guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  online: true,
});

/** A batcher whose messages the test reads back as the receiving processes parse them. */
function batcherUnderTest() {
  const published: { orgGuid: string; events: LiveEvent[] }[] = [];
  const batcher = liveBatcher((orgGuid, events) =>
    published.push({ orgGuid, events: parseLiveMessage(liveMessage(events)).events }),
  );
  return { batcher, published };
}

describe('live events crossing the broker', () => {
  it("go a message per organization with the organization's events of one turn of the event loop, in order", async () => {
    const { batcher, published } = batcherUnderTest();
    batcher.add('org-a', connection(1));
    batcher.add('org-b', connection(2));
    await Promise.resolve();
    batcher.add('org-a', connection(3));
    expect(published).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toEqual([
      { orgGuid: 'org-a', events: [connection(1), connection(3)] },
      { orgGuid: 'org-b', events: [connection(2)] },
    ]);
    batcher.add('org-a', connection(4));
    await new Promise((resolve) => setImmediate(resolve));
    expect(published.at(-1)).toEqual({ orgGuid: 'org-a', events: [connection(4)] });
  });

  it('go at once when LIVE_BATCH_EVENTS wait, and what waits goes when the link closes', () => {
    const { batcher, published } = batcherUnderTest();
    for (let n = 0; n < LIVE_BATCH_EVENTS + 1; n++) batcher.add('org-a', connection(n));
    expect(published).toHaveLength(1);
    expect(published[0]!.events).toHaveLength(LIVE_BATCH_EVENTS);
    batcher.flush();
    expect(published[1]!.events).toEqual([connection(LIVE_BATCH_EVENTS)]);
  });

  it("are read from a batch or from a previous release's single event, leaving out those that do not parse", () => {
    expect(parseLiveMessage(JSON.stringify(connection(1)))).toEqual({
      events: [connection(1)],
      malformed: 0,
    });
    expect(parseLiveMessage(JSON.stringify([connection(1), { type: 'nonsense' }, connection(2)]))).toEqual({
      events: [connection(1), connection(2)],
      malformed: 1,
    });
  });
});
