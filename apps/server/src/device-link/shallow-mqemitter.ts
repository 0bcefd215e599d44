import mqemitter, { type MQEmitter } from 'mqemitter';

/** Nested deliveries allowed in one go before the next waits for the event loop's next turn. */
const MAX_NESTED_DELIVERIES = 100;

/** mqemitter's own state: its queue, the deliveries running, and how one is started and ended. */
interface Internals {
  current: number;
  _messageQueue: unknown[];
  _messageCallbacks: unknown[];
  _do(message: unknown, callback: unknown): MQEmitter;
  _released(): void;
}

/**
 * The embedded broker's message emitter, as aedes makes its own (at most `concurrency` messages
 * delivered at once, the rest queued in order), except that it never recurses deeper than
 * MAX_NESTED_DELIVERIES. mqemitter takes the next queued message inside the callback of the one that
 * finished, so when deliveries finish synchronously the stack grows with the queue: 10,000 devices
 * going offline at once overflowed it and the console died (aedes issue #193, mqemitter pull #204).
 * A message that would go deeper goes back to the head of the queue, keeping its place and its slot,
 * and the queue goes on at the next turn: nothing overtakes it (a first version that delivered it
 * later on its own let later messages pass it, and lost devices' messages at 10,000 devices).
 */
export function shallowMqEmitter(concurrency: number): MQEmitter {
  const mq = mqemitter({ concurrency });
  const internals = mq as unknown as Internals;
  const deliver = internals._do.bind(mq);
  const emit = mq.emit.bind(mq);
  let depth = 0;
  /** Set while the queue waits for the next turn; `owed` counts the deliveries it will start then. */
  let resuming = false;
  let owed = 0;
  internals._do = (message, callback) => {
    if (depth >= MAX_NESTED_DELIVERIES || resuming) {
      // Back at the head of the queue; the slot the finished delivery freed is kept for the next turn.
      internals._messageQueue.unshift(message);
      internals._messageCallbacks.unshift(callback);
      internals.current += 1;
      owed += 1;
      if (!resuming) {
        resuming = true;
        setImmediate(() => {
          resuming = false;
          const releases = owed;
          owed = 0;
          // Each release gives its slot back and starts the queue's next message.
          for (let i = 0; i < releases; i++) internals._released();
        });
      }
      return mq;
    }
    depth += 1;
    try {
      return deliver(message, callback);
    } finally {
      depth -= 1;
    }
  };
  // While the queue waits for its next turn, a new message joins its end.
  mq.emit = (message, callback) => {
    if (!resuming) return emit(message, callback);
    internals._messageQueue.push(message);
    internals._messageCallbacks.push(callback ?? (() => {}));
    return mq;
  };
  return mq;
}
