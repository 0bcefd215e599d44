import { describe, expect, it } from 'vitest';
import { shallowMqEmitter } from './shallow-mqemitter.ts';

describe('the embedded broker’s message emitter', () => {
  it('delivers a long queue whose deliveries finish synchronously without overflowing the stack', async () => {
    const mq = shallowMqEmitter(1);
    let delivered = 0;
    const order: number[] = [];
    let finishFirst: (() => void) | undefined;
    mq.on('devices/+/connection', (message, done) => {
      delivered += 1;
      order.push(message.n as number);
      // The first delivery holds the emitter's only slot, so the rest queue behind it.
      if (!finishFirst) finishFirst = done;
      else done();
    });
    const count = 20_000;
    for (let i = 0; i < count; i++) mq.emit({ topic: `devices/${i}/connection`, n: i });
    expect(delivered).toBe(1);
    // mqemitter alone would now take the queue inside this call, one frame deeper per message.
    finishFirst!();
    // Messages emitted meanwhile join the end of the queue: nothing overtakes a waiting message.
    for (let i = count; i < count + 100; i++) mq.emit({ topic: `devices/${i}/connection`, n: i });
    await new Promise<void>((resolve) => {
      const check = () => (delivered === count + 100 ? resolve() : setImmediate(check));
      check();
    });
    expect(order).toEqual(Array.from({ length: count + 100 }, (_, i) => i));
  });
});
