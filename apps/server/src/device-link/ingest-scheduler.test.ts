import { describe, expect, it } from 'vitest';
import { ingestScheduler } from './ingest-scheduler.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('ingestScheduler', () => {
  it('keeps one device in order, runs devices side by side and puts urgent work first', async () => {
    const scheduler = ingestScheduler(2);
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

  it('drains at once when idle and keeps going after a failed task', async () => {
    const scheduler = ingestScheduler(1);
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
});
