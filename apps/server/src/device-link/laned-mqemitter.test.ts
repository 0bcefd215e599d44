import { describe, expect, it } from 'vitest';
import { lanedMqEmitter } from './laned-mqemitter.ts';

const LANES = ['toDevices', 'pushes', 'fromDevices'] as const;
/**
 * Topics under `down/` go to devices, `push/` too in a lane of their own, under `up/` come from them;
 * anything else is in no lane (its messages go with those from devices).
 */
const laneOf = (topic: string) =>
  topic.startsWith('down/')
    ? 'toDevices'
    : topic.startsWith('push/')
      ? 'pushes'
      : topic.startsWith('up/')
        ? 'fromDevices'
        : undefined;
const emitterOf = (concurrency: number) =>
  lanedMqEmitter({
    concurrency,
    lanes: LANES,
    laneOf,
    otherTopics: 'fromDevices',
    doneOnceQueued: ['pushes'],
  });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the embedded broker’s laned message emitter', () => {
  it('delivers a message to a device while the reports ahead of it wait for their receiver', async () => {
    const mq = emitterOf(1);
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

  it("delivers a person's command while the pushes to devices ahead of it wait for their slow receivers", async () => {
    const mq = emitterOf(1);
    const pushed: number[] = [];
    const held: Array<() => void> = [];
    mq.on('push/+/entitlements', (message, done) => {
      pushed.push(message.n as number);
      held.push(done);
    });
    const commands: string[] = [];
    mq.on('down/d1/command', (message, done) => {
      commands.push(message.name as string);
      done();
    });
    for (let n = 0; n < 3; n++) mq.emit({ topic: `push/d${n}/entitlements`, n });
    mq.emit({ topic: 'down/d1/command', name: 'set' });
    expect(pushed).toEqual([0]);
    expect(commands).toEqual(['set']);
    while (held.length > 0) {
      held.shift()!();
      await nextTurn();
    }
    expect(pushed).toEqual([0, 1, 2]);
  });

  it('tells a publisher in a lane done once queued its message is done before its slow receiver has it', async () => {
    const mq = emitterOf(1);
    const held: Array<() => void> = [];
    mq.on('push/+/entitlements', (_message, done) => held.push(done));
    mq.on('up/+/report', (_message, done) => held.push(done));
    const told: string[] = [];
    for (let n = 0; n < 3; n++) mq.emit({ topic: `push/d${n}/entitlements` }, () => told.push(`push ${n}`));
    mq.emit({ topic: 'up/d1/report' }, () => told.push('report'));
    await nextTurn();
    // The pushes wait for their receiver (one slot, held) yet their publisher may go on; the report's
    // publisher hears only once it is delivered.
    expect(told).toEqual(['push 0', 'push 1', 'push 2']);
    expect(held).toHaveLength(2);
    held.pop()!();
    await nextTurn();
    expect(told).toContain('report');
  });

  it('gives a subscription that may match any lane the messages of all, and removes it from all', async () => {
    const mq = emitterOf(10);
    const seen: string[] = [];
    const listener = (message: { topic: string }, done: () => void) => {
      seen.push(message.topic);
      done();
    };
    await new Promise<void>((resolve) => mq.on('+/d1/#', listener, resolve));
    mq.emit({ topic: 'down/d1/command' });
    mq.emit({ topic: 'push/d1/entitlements' });
    mq.emit({ topic: 'up/d1/report' });
    mq.emit({ topic: 'other/d1/x' });
    await nextTurn();
    expect(seen).toEqual(['down/d1/command', 'push/d1/entitlements', 'up/d1/report', 'other/d1/x']);
    await new Promise<void>((resolve) => mq.removeListener('+/d1/#', listener, resolve));
    mq.emit({ topic: 'down/d1/command' });
    mq.emit({ topic: 'push/d1/entitlements' });
    mq.emit({ topic: 'up/d1/report' });
    await nextTurn();
    expect(seen).toHaveLength(4);
  });
});
