import { describe, expect, it } from 'vitest';
import { shallowMqEmitter } from './shallow-mqemitter.ts';

describe('the embedded broker’s message emitter', () => {
  it('delivers a long queue whose deliveries finish synchronously without overflowing the stack', async () => {
    const mq = shallowMqEmitter(1);
    let delivered = 0;
    let finishFirst: (() => void) | undefined;
    mq.on('devices/+/connection', (_message, done) => {
      delivered += 1;
      // The first delivery holds the emitter's only slot, so the rest queue behind it.
      if (!finishFirst) finishFirst = done;
      else done();
    });
    const count = 20_000;
    for (let i = 0; i < count; i++) mq.emit({ topic: `devices/${i}/connection` });
    expect(delivered).toBe(1);
    // mqemitter alone would now take the queue inside this call, one frame deeper per message.
    finishFirst!();
    await new Promise<void>((resolve) => {
      const check = () => (delivered === count ? resolve() : setImmediate(check));
      check();
    });
    expect(delivered).toBe(count);
  });
});
