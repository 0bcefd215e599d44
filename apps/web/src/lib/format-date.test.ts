import { describe, expect, it } from 'vitest';
import { formatDate, formatTimestamp } from './format-date';

describe('formatTimestamp', () => {
  it('writes YYYY/MM/DD hh:mm:ss a', () => {
    expect(formatTimestamp(new Date(2026, 0, 5, 0, 4, 9))).toBe('2026/01/05 12:04:09 am');
    expect(formatTimestamp(new Date(2026, 10, 22, 13, 30, 0))).toBe('2026/11/22 01:30:00 pm');
    expect(formatTimestamp(new Date(2026, 10, 22, 12, 0, 0))).toBe('2026/11/22 12:00:00 pm');
  });

  it('shows nothing for missing or broken values', () => {
    expect(formatTimestamp(null)).toBe('');
    expect(formatTimestamp('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('keeps plain ISO dates as written', () => {
    expect(formatDate('2024-05-06')).toBe('2024/05/06');
    expect(formatDate(new Date(2024, 4, 6, 23, 0))).toBe('2024/05/06');
  });
});
