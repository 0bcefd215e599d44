import mqemitter, { type MQEmitter } from 'mqemitter';

/** Nested deliveries allowed in one go before the next waits for the event loop's next turn. */
const MAX_NESTED_DELIVERIES = 100;

/**
 * The embedded broker's message emitter, as aedes makes its own (at most `concurrency` messages
 * delivered at once, the rest queued), except that it never recurses deeper than
 * MAX_NESTED_DELIVERIES. mqemitter takes the next queued message inside the callback of the one that
 * finished, so when deliveries finish synchronously the stack grows with the queue: 10,000 devices
 * going offline at once overflowed it and the console died (aedes issue #193, mqemitter pull #204).
 */
export function shallowMqEmitter(concurrency: number): MQEmitter {
  const mq = mqemitter({ concurrency });
  // _do delivers one message; the emitter calls it for a new message and for each queued one.
  const internals = mq as unknown as { _do(message: unknown, callback: unknown): MQEmitter };
  const deliver = internals._do.bind(mq);
  let depth = 0;
  internals._do = (message, callback) => {
    if (depth >= MAX_NESTED_DELIVERIES) {
      setImmediate(() => internals._do(message, callback));
      return mq;
    }
    depth += 1;
    try {
      return deliver(message, callback);
    } finally {
      depth -= 1;
    }
  };
  return mq;
}
