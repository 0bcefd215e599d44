import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_WINDOW_MS } from './events.ts';
import { DEFAULT_PERIOD_KEY, isPeriodKey, PERIOD_KEYS, PERIOD_OPTIONS, resolvePeriod } from './periods.ts';

const now = new Date('2026-11-24T12:00:00.000Z');
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3600_000);

describe('period options (spec 2 §9)', () => {
  it('lists the spec’s keys in order with their buckets in seconds', () => {
    expect(PERIOD_OPTIONS.map((option) => [option.key, option.period])).toEqual([
      ['1hr', 60],
      ['6hrs', 300],
      ['1day', 1800],
      ['2days', 3600],
      ['5days', 21_600],
      ['30days', 86_400],
      ['custom', 43_200],
    ]);
    expect(PERIOD_OPTIONS.map((option) => option.key)).toEqual([...PERIOD_KEYS]);
  });

  it('defaults to the last day, the default event window', () => {
    const period = resolvePeriod({ key: DEFAULT_PERIOD_KEY }, now);
    expect(period.key).toBe('1day');
    expect(period.end.getTime() - period.start.getTime()).toBe(DEFAULT_EVENT_WINDOW_MS);
  });

  it.each([
    ['1hr', 1],
    ['6hrs', 6],
    ['1day', 24],
    ['2days', 48],
    ['5days', 120],
    ['30days', 720],
  ] as const)('%s ends now and starts %i hours before', (key, hours) => {
    expect(resolvePeriod({ key }, now)).toEqual({
      key,
      start: hoursBefore(hours),
      end: now,
      period: PERIOD_OPTIONS.find((option) => option.key === key)?.period,
    });
  });

  it('reaches back from a pinned end instead of now', () => {
    const end = new Date('2026-11-20T08:00:00Z');
    expect(resolvePeriod({ key: '6hrs', end }, now)).toEqual({
      key: '6hrs',
      start: new Date('2026-11-20T02:00:00Z'),
      end,
      period: 300,
    });
  });

  it('spans a custom choice’s own dates, whatever now is, and puts them in order', () => {
    const start = new Date('2026-10-01T00:00:00Z');
    const end = new Date('2026-10-03T06:30:00Z');
    expect(resolvePeriod({ key: 'custom', start, end }, now)).toEqual({
      key: 'custom',
      start,
      end,
      period: 43_200,
    });
    expect(resolvePeriod({ key: 'custom', start: end, end: start }, now)).toMatchObject({ start, end });
  });

  it('knows its keys and nothing else', () => {
    expect(isPeriodKey('5days')).toBe(true);
    expect(isPeriodKey('5 days')).toBe(false);
    expect(isPeriodKey(undefined)).toBe(false);
  });
});
