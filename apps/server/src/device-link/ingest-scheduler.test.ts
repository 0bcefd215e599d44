import { describe, expect, it } from 'vitest';
import { ingestScheduler } from './ingest-scheduler.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('ingestScheduler', () => {
  it('keeps one device in order, runs devices side by side and puts urgent work first', async () => {
    const scheduler = ingestScheduler({ concurrency: 2, urgentConcurrency: 1 });
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    scheduler.enqueue('a', task('a1'));
    scheduler.enqueue('a', task('a2'));
    scheduler.enqueue('b', task('b1'));
    scheduler.enqueue('c', task('c-reported'));
    scheduler.enqueue('d', task('d-online'), true);
    await scheduler.drain();

    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    // a1 and b1 start at once; the urgent d goes before a2 and c's reported document.
    expect(log.slice(0, 2)).toEqual(['start a1', 'start b1']);
    expect(log.indexOf('start d-online')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start d-online')).toBeLessThan(log.indexOf('start c-reported'));
    expect(log.filter((line) => line.startsWith('end'))).toHaveLength(5);
  });

  it('counts the messages running and waiting as its backlog', async () => {
    const scheduler = ingestScheduler({ concurrency: 1, urgentConcurrency: 1 });
    const step = async () => {
      await tick();
    };
    expect(scheduler.pending()).toBe(0);
    scheduler.enqueue('a', step);
    scheduler.enqueue('a', step);
    scheduler.enqueue('b', step);
    expect(scheduler.pending()).toBe(3);
    await scheduler.drain();
    expect(scheduler.pending()).toBe(0);
  });

  it("never runs a device's urgent message before its earlier messages, which run as urgent", async () => {
    const scheduler = ingestScheduler({ concurrency: 1, urgentConcurrency: 1 });
    const log: string[] = [];
    const task = (name: string) => async (urgent: boolean) => {
      log.push(`${name}${urgent ? ' (urgent)' : ''}`);
      await tick();
    };
    scheduler.enqueue('a', task('a-online'), true);
    scheduler.enqueue('a', task('a-reported'));
    scheduler.enqueue('a', task('a-result'), true);
    scheduler.enqueue('a', task('a-reported-again'));
    scheduler.enqueue('b', task('b-reported'));
    await scheduler.drain();

    expect(log.filter((name) => name.startsWith('a-'))).toEqual([
      'a-online (urgent)',
      // The answer waits behind it: it is stored as urgently as the answer.
      'a-reported (urgent)',
      'a-result (urgent)',
      'a-reported-again',
    ]);
    expect(log).toContain('b-reported');
  });

  it('starts an urgent message while every slot of the bulk is taken', async () => {
    const scheduler = ingestScheduler({ concurrency: 2, urgentConcurrency: 1 });
    const log: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = (name: string) => async () => {
      log.push(name);
      await held;
    };
    scheduler.enqueue('a', slow('a-reported'));
    scheduler.enqueue('b', slow('b-reported'));
    scheduler.enqueue('c', slow('c-reported'));
    scheduler.enqueue(
      'd',
      async () => {
        log.push('d-result');
      },
      true,
    );
    await tick();
    expect(log).toEqual(['a-reported', 'b-reported', 'd-result']);
    release();
    await scheduler.drain();
    expect(log).toEqual(['a-reported', 'b-reported', 'd-result', 'c-reported']);
  });

  it('drains at once when idle and keeps going after a failed task', async () => {
    const scheduler = ingestScheduler({ concurrency: 1, urgentConcurrency: 1 });
    await scheduler.drain();
    let ran = false;
    scheduler.enqueue('a', async () => {
      throw new Error('bad message');
    });
    scheduler.enqueue('a', async () => {
      ran = true;
    });
    await scheduler.drain();
    expect(ran).toBe(true);
  });

  it('takes a fleet of 10,000 reconnecting at once: every device in order, who is online first', async () => {
    const scheduler = ingestScheduler({ concurrency: 64, urgentConcurrency: 32 });
    const started: string[] = [];
    const done = new Map<number, number>();
    for (let device = 0; device < 10_000; device++)
      for (let message = 0; message < 8; message++)
        scheduler.enqueue(
          `d${device}`,
          async () => {
            started.push(message === 0 ? 'online' : 'document');
            // Each device's messages finish in the order it sent them.
            expect(done.get(device) ?? -1).toBe(message - 1);
            await Promise.resolve();
            done.set(device, message);
          },
          message === 0,
        );
    await scheduler.drain();
    expect(started).toHaveLength(80_000);
    expect([...done.values()].every((last) => last === 7)).toBe(true);
    // Every device's connection is stored before the bulk of the documents.
    expect(
      started.slice(0, started.lastIndexOf('online')).filter((kind) => kind === 'document'),
    ).toHaveLength(0);
  });
});
