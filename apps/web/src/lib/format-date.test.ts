import { afterEach, describe, expect, it } from 'vitest';
import { displayTimeZone } from './display-time-zone';
import { formatDate, formatTimestamp } from './format-date';

afterEach(() => displayTimeZone.set(undefined));

describe('formatTimestamp', () => {
  it('writes YYYY/MM/DD hh:mm:ss a and the zone', () => {
    expect(formatTimestamp('2026-01-05T00:04:09Z', 'UTC')).toBe('2026/01/05 12:04:09 am UTC');
    expect(formatTimestamp('2026-11-22T13:30:00Z', 'UTC')).toBe('2026/11/22 01:30:00 pm UTC');
    expect(formatTimestamp('2026-11-22T12:00:00Z', 'UTC')).toBe('2026/11/22 12:00:00 pm UTC');
  });

  it('shows the time of the profile zone, whatever the browser is set to', () => {
    displayTimeZone.set('America/New_York');
    expect(formatTimestamp('2026-11-23T16:40:01Z')).toBe('2026/11/23 11:40:01 am EST');
    displayTimeZone.set('Asia/Tokyo');
    expect(formatTimestamp('2026-11-23T16:40:01Z')).toBe('2026/11/24 01:40:01 am GMT+9');
  });

  it('falls back to the browser zone for an unknown zone', () => {
    const browser = formatTimestamp('2026-11-23T16:40:01Z', undefined);
    expect(formatTimestamp('2026-11-23T16:40:01Z', 'Not/AZone')).toBe(browser);
  });

  it('shows nothing for missing or broken values', () => {
    expect(formatTimestamp(null)).toBe('');
    expect(formatTimestamp('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('keeps plain ISO dates as written', () => {
    expect(formatDate('2024-05-06')).toBe('2024/05/06');
  });

  it('shows an instant as its day in the profile zone', () => {
    expect(formatDate(new Date('2024-05-06T23:30:00Z'), 'UTC')).toBe('2024/05/06');
    expect(formatDate(new Date('2024-05-06T23:30:00Z'), 'Asia/Tokyo')).toBe('2024/05/07');
  });
});
