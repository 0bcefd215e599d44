import { describe, expect, it } from 'vitest';
import { relativeDays } from './relative-days';

describe('relativeDays (spec 2 §2.12)', () => {
  const now = new Date('2026-06-10T12:00:00.000Z');
  it('words whole days before and after now', () => {
    expect(relativeDays('2026-06-07T12:00:00.000Z', now)).toBe('3 days ago');
    expect(relativeDays('2026-06-15T13:00:00.000Z', now)).toBe('5 days');
    expect(relativeDays('2026-06-11T12:00:00.000Z', now)).toBe('1 day');
    expect(relativeDays('2026-06-10T20:00:00.000Z', now)).toBe('Today');
    expect(relativeDays('not a date', now)).toBe('');
  });
});
