import { type LiveEvent, liveEventSchema } from '@ec/contract/live';

/** Events in one message at most: a storm's batch of 500 reports and their events stays well under MAX_PACKET_BYTES. */
export const LIVE_BATCH_EVENTS = 200;

/**
 * Live events published a batch per organization rather than one message each: while 10,000 devices
 * announced themselves, the console published about eight live events per device, one write system
 * call each (1.3 of 7 CPU-seconds went to writev), and every process parsed each one again. A batch
 * holds the events of one turn of the event loop (a stored batch of reports emits its events in one
 * go): no event waits longer than that, so a set's answer reaches the browser as soon as before.
 */
export function liveBatcher(publish: (orgGuid: string, events: LiveEvent[]) => void) {
  const pending = new Map<string, LiveEvent[]>();
  let scheduled: ReturnType<typeof setImmediate> | undefined;

  const send = (orgGuid: string, events: LiveEvent[]) => publish(orgGuid, events);
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    for (const [orgGuid, events] of pending) send(orgGuid, events);
    pending.clear();
  };

  return {
    add(orgGuid: string, event: LiveEvent) {
      const events = pending.get(orgGuid) ?? [];
      events.push(event);
      pending.set(orgGuid, events);
      if (events.length >= LIVE_BATCH_EVENTS) {
        pending.delete(orgGuid);
        send(orgGuid, events);
        return;
      }
      scheduled ??= setImmediate(flush);
    },
    /** Publishes what waits now (the link closes). */
    flush,
  };
}

/** A batch as it crosses the broker: one JSON array, which `parseLiveMessage` reads. */
export const liveMessage = (events: readonly LiveEvent[]) => JSON.stringify(events);

/**
 * The events of one live message: a batch, or a single event as a process of the previous release
 * publishes it during a rolling upgrade. Events that do not parse are left out and counted.
 */
export function parseLiveMessage(payload: string): { events: LiveEvent[]; malformed: number } {
  const parsed: unknown = JSON.parse(payload);
  const candidates = Array.isArray(parsed) ? parsed : [parsed];
  const events: LiveEvent[] = [];
  for (const candidate of candidates) {
    const event = liveEventSchema.safeParse(candidate);
    if (event.success) events.push(event.data);
  }
  return { events, malformed: candidates.length - events.length };
}
