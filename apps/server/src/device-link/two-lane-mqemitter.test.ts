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

  it("delivers a device's answer ahead of the other devices' queued reports, behind its own", async () => {
    // `up/<device>/answer` goes ahead; its sender's topics start with `up/<device>/`.
    const senderGoingAhead = (topic: string) =>
      topic.endsWith('/answer') ? topic.slice(0, topic.lastIndexOf('/') + 1) : undefined;
    const mq = twoLaneMqEmitter(1, laneOf, senderGoingAhead);
    const delivered: string[] = [];
    const held: Array<() => void> = [];
    // The console reads slowly: each delivery holds the lane's one slot until released.
    mq.on('up/#', (message, done) => {
      delivered.push(message.topic);
      held.push(done);
    });
    for (const device of ['d1', 'd2', 'd3', 'd2']) mq.emit({ topic: `up/${device}/report` });
    mq.emit({ topic: 'up/d2/answer' });
    mq.emit({ topic: 'up/d4/report' });
    while (held.length > 0) {
      held.shift()!();
      await nextTurn();
    }
    expect(delivered).toEqual([
      'up/d1/report',
      'up/d2/report',
      'up/d2/report',
      'up/d2/answer',
      'up/d3/report',
      'up/d4/report',
    ]);
  });

  it('emits an answer as any other message when nothing waits', async () => {
    const mq = twoLaneMqEmitter(1, laneOf, (topic) => (topic.endsWith('/answer') ? 'up/d1/' : undefined));
    const delivered: string[] = [];
    mq.on('up/#', (message, done) => {
      delivered.push(message.topic);
      done();
    });
    mq.emit({ topic: 'up/d1/answer' });
    mq.emit({ topic: 'up/d2/report' });
    await nextTurn();
    expect(delivered).toEqual(['up/d1/answer', 'up/d2/report']);
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
