import { describe, expect, it } from 'vitest';
import { periodChoiceKey, readPeriodChoice, writePeriodChoice } from './period-search-params';

const start = new Date('2026-10-01T00:00:00.000Z');
const end = new Date('2026-10-02T12:00:00.000Z');

describe('the period in the address', () => {
  it('reads period_key, the last 24 hours without one or with an unknown one', () => {
    expect(readPeriodChoice(new URLSearchParams('period_key=6hrs'))).toEqual({ key: '6hrs' });
    expect(readPeriodChoice(new URLSearchParams(''))).toEqual({ key: '1day' });
    expect(readPeriodChoice(new URLSearchParams('period_key=week'))).toEqual({ key: '1day' });
  });

  it('reads a custom period with its dates, and the default when one is missing or unreadable', () => {
    expect(
      readPeriodChoice(
        new URLSearchParams(`period_key=custom&timestamp=${start.toISOString()}/${end.toISOString()}`),
      ),
    ).toEqual({ key: 'custom', start, end });
    expect(
      readPeriodChoice(new URLSearchParams(`period_key=custom&timestamp=${start.toISOString()}`)),
    ).toEqual({
      key: '1day',
    });
    expect(readPeriodChoice(new URLSearchParams('period_key=custom&timestamp=soon/later'))).toEqual({
      key: '1day',
    });
  });

  it('reads a relative period pinned to the moment in timestamp, and leaves out an unreadable one', () => {
    expect(readPeriodChoice(new URLSearchParams(`period_key=6hrs&timestamp=${end.toISOString()}`))).toEqual({
      key: '6hrs',
      end,
    });
    expect(readPeriodChoice(new URLSearchParams('period_key=6hrs&timestamp=yesterday'))).toEqual({
      key: '6hrs',
    });
  });

  it('writes the choice and keeps the other parameters; a relative key drops custom dates', () => {
    const custom = writePeriodChoice(new URLSearchParams('tab=x'), { key: 'custom', start, end });
    expect(custom.toString()).toBe(
      `tab=x&period_key=custom&timestamp=${encodeURIComponent(`${start.toISOString()}/${end.toISOString()}`)}`,
    );
    expect(readPeriodChoice(custom)).toEqual({ key: 'custom', start, end });
    expect(writePeriodChoice(custom, { key: '30days' }).toString()).toBe('tab=x&period_key=30days');
    const pinned = writePeriodChoice(custom, { key: '1hr', end });
    expect(pinned.get('timestamp')).toBe(end.toISOString());
    expect(readPeriodChoice(pinned)).toEqual({ key: '1hr', end });
  });

  it('keys a choice by its text', () => {
    expect(periodChoiceKey({ key: '1hr' })).toBe('1hr');
    expect(periodChoiceKey({ key: '1hr', end })).toBe('1hr@2026-10-02T12:00:00.000Z');
    expect(periodChoiceKey({ key: 'custom', start, end })).toBe(
      'custom:2026-10-01T00:00:00.000Z/2026-10-02T12:00:00.000Z',
    );
  });
});
