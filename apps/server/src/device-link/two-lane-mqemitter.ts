import type { MQEmitter } from 'mqemitter';
import { shallowMqEmitter } from './shallow-mqemitter.ts';

/** The lane of a message's topic or of a subscription's filter; undefined: neither (wildcards, $SYS). */
export type Lane = 'toDevices' | 'fromDevices';

/**
 * The embedded broker's message emitter in two lanes, each a shallowMqEmitter of its own: what the
 * console sends to devices (sets, commands, entitlements) and everything else (what devices report).
 * With one lane, a person's set waited behind the storm's reports: aedes holds a delivery's slot until
 * the receiver's socket drains, so while the console's own connection was slow to read, all slots
 * waited on it and the set's publish waited up to 1.4 s in the queue (13,000 messages at 10,000
 * devices), past the console's publish time limit on a slower run. Each lane keeps its messages in
 * order, so a publisher's messages, all of one lane, keep theirs. A subscription whose filter belongs
 * to one lane joins that lane only; one that may match both (wildcards) joins both.
 */
export function twoLaneMqEmitter(
  concurrency: number,
  laneOf: (topic: string) => Lane | undefined,
): MQEmitter {
  const lanes = { toDevices: shallowMqEmitter(concurrency), fromDevices: shallowMqEmitter(concurrency) };
  /** The lanes a subscription joins, calling `done` once all have. */
  const inLanesOf = (
    topic: string,
    done: (() => void) | undefined,
    act: (lane: MQEmitter, done?: () => void) => void,
  ) => {
    const lane = laneOf(topic);
    if (lane) return act(lanes[lane], done);
    let left = 2;
    const joined = done && (() => (--left === 0 ? done() : undefined));
    act(lanes.toDevices, joined);
    act(lanes.fromDevices, joined);
  };
  const emitter: MQEmitter = {
    get current() {
      return lanes.toDevices.current + lanes.fromDevices.current;
    },
    concurrent: concurrency,
    on(topic, listener, done) {
      inLanesOf(topic, done, (lane, joined) => lane.on(topic, listener, joined));
      return emitter;
    },
    removeListener(topic, listener, done) {
      inLanesOf(topic, done, (lane, left) => lane.removeListener(topic, listener, left));
    },
    emit(message, callback) {
      lanes[laneOf(message.topic) ?? 'fromDevices'].emit(message, callback);
    },
    close(callback) {
      lanes.toDevices.close(() => lanes.fromDevices.close(callback));
    },
  };
  return emitter;
}
