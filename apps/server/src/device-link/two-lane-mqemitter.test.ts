import { describe, expect, it } from 'vitest';
import { type Lane, twoLaneMqEmitter } from './two-lane-mqemitter.ts';

/** Topics under `down/` go to devices, under `up/` come from them; anything else is in neither lane. */
const laneOf = (topic: string): Lane | undefined =>
  topic.startsWith('down/') ? 'toDevices' : topic.startsWith('up/') ? 'fromDevices' : undefined;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the embedded broker’s two-lane message emitter', () => {
  it('delivers a message to a device while the reports ahead of it wait for their receiver', async () => {
    const mq = twoLaneMqEmitter(1, laneOf);
    const reports: number[] = [];
    const held: Array<() => void> = [];
    // The console reads slowly: each report's delivery holds its slot until released.
    mq.on('up/+/report', (message, done) => {
      reports.push(message.n as number);
      held.push(done);
    });
    const commands: string[] = [];
    mq.on('down/d1/command', (message, done) => {
      commands.push(message.name as string);
      done();
    });
    for (let n = 0; n < 5; n++) mq.emit({ topic: `up/d${n}/report`, n });
    mq.emit({ topic: 'down/d1/command', name: 'first' });
    mq.emit({ topic: 'down/d1/command', name: 'second' });
    expect(reports).toEqual([0]);
    expect(commands).toEqual(['first', 'second']);
    // The reports go on in their order as their receiver frees the slot.
    while (held.length > 0) {
      held.shift()!();
      await nextTurn();
    }
    expect(reports).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives a subscription that may match either lane the messages of both, and removes it from both', async () => {
    const mq = twoLaneMqEmitter(10, laneOf);
    const seen: string[] = [];
    const listener = (message: { topic: string }, done: () => void) => {
      seen.push(message.topic);
      done();
    };
    await new Promise<void>((resolve) => mq.on('+/d1/#', listener, resolve));
    mq.emit({ topic: 'down/d1/command' });
    mq.emit({ topic: 'up/d1/report' });
    mq.emit({ topic: 'other/d1/x' });
    await nextTurn();
    expect(seen).toEqual(['down/d1/command', 'up/d1/report', 'other/d1/x']);
    await new Promise<void>((resolve) => mq.removeListener('+/d1/#', listener, resolve));
    mq.emit({ topic: 'down/d1/command' });
    mq.emit({ topic: 'up/d1/report' });
    await nextTurn();
    expect(seen).toHaveLength(3);
  });
});
