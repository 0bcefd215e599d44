import type { MQEmitter } from 'mqemitter';
import { shallowMqEmitter } from './shallow-mqemitter.ts';

/**
 * The embedded broker's message emitter in lanes, each a shallowMqEmitter of its own with its own
 * `concurrency` slots and its own order (decisions 291, 307): aedes holds a delivery's slot until the
 * receiver's socket drains, so a lane whose receivers read slowly fills its slots and queues what
 * comes after, and a message in another lane does not wait for them. With one lane a person's set
 * waited up to 1.4 s behind the storm's reports, which the console's one connection reads; with the
 * entitlements in the commands' lane, a set waited 0.4-1.9 s behind the 10,000 entitlements pushed to
 * devices as they connected, which the devices' busy process reads. `laneOf` gives a topic's or a
 * subscription filter's lane, or undefined: a message of no lane goes to `otherTopics`, and a
 * subscription that may match several lanes (wildcards) joins every lane. A publisher's messages on
 * topics of one lane keep their order.
 *
 * A publisher is told its message is done once it has been delivered, except in the `doneOnceQueued`
 * lanes, where it is told once the message is queued: aedes reads no more of a client's packets until
 * those it read last are done, so while the console's pushes waited for devices that read slowly, the
 * console's whole connection waited with them, a person's set and the console's acknowledgements of
 * every device's messages included (decision 307).
 */
export function lanedMqEmitter<Lane extends string>(options: {
  concurrency: number;
  lanes: readonly Lane[];
  laneOf: (topic: string) => Lane | undefined;
  otherTopics: Lane;
  doneOnceQueued?: readonly Lane[];
}): MQEmitter {
  const { concurrency, laneOf } = options;
  const doneOnceQueued = new Set(options.doneOnceQueued);
  const lanes = new Map(options.lanes.map((name) => [name, shallowMqEmitter(concurrency)]));
  const all = [...lanes.values()];
  const laneNamed = (name: Lane) => lanes.get(name)!;
  /** The lanes a subscription joins, calling `done` once all have. */
  const inLanesOf = (
    topic: string,
    done: (() => void) | undefined,
    act: (lane: MQEmitter, done?: () => void) => void,
  ) => {
    const lane = laneOf(topic);
    if (lane) return act(laneNamed(lane), done);
    let left = all.length;
    const joined = done && (() => (--left === 0 ? done() : undefined));
    for (const each of all) act(each, joined);
  };
  const emitter: MQEmitter = {
    get current() {
      return all.reduce((sum, lane) => sum + lane.current, 0);
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
      const name = laneOf(message.topic) ?? options.otherTopics;
      if (!doneOnceQueued.has(name)) return laneNamed(name).emit(message, callback);
      laneNamed(name).emit(message);
      if (callback) setImmediate(callback);
    },
    close(callback) {
      const closeFrom = (index: number) =>
        index === all.length ? callback?.() : all[index]!.close(() => closeFrom(index + 1));
      closeFrom(0);
    },
  };
  return emitter;
}
