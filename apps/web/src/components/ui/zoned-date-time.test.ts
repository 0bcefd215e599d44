import { describe, expect, it } from 'vitest';
import { fromZonedInputValue, toZonedInputValue } from './zoned-date-time';

describe('wall-clock times in the profile’s zone', () => {
  it('shows an instant on the zone’s clock', () => {
    const instant = new Date('2026-11-24T15:04:30Z');
    expect(toZonedInputValue(instant, 'America/New_York')).toBe('2026-11-24T10:04');
    expect(toZonedInputValue(instant, 'Asia/Kolkata')).toBe('2026-11-24T20:34');
    expect(toZonedInputValue(instant, 'UTC')).toBe('2026-11-24T15:04');
  });

  it('reads a wall-clock time as the instant it is in that zone, in winter and in summer', () => {
    expect(fromZonedInputValue('2026-11-24T10:04', 'America/New_York')).toEqual(
      new Date('2026-11-24T15:04:00Z'),
    );
    expect(fromZonedInputValue('2026-07-01T10:00', 'America/New_York')).toEqual(
      new Date('2026-07-01T14:00:00Z'),
    );
    expect(fromZonedInputValue('2026-07-01T10:00', 'Europe/Berlin')).toEqual(
      new Date('2026-07-01T08:00:00Z'),
    );
  });

  it('comes back to the same wall-clock time', () => {
    for (const value of ['2026-03-29T00:30', '2026-03-29T02:30', '2026-10-25T03:30', '2026-12-31T23:59']) {
      const instant = fromZonedInputValue(value, 'Europe/London')!;
      expect(toZonedInputValue(instant, 'Europe/London')).toBe(value);
    }
  });

  it('reads a time skipped by the spring change with the offset from before it', () => {
    // London's clocks go from 01:00 to 02:00 on 2026-03-29: 01:30 does not exist there.
    expect(fromZonedInputValue('2026-03-29T01:30', 'Europe/London')).toEqual(
      new Date('2026-03-29T01:30:00Z'),
    );
  });

  it('answers null for what is not a time', () => {
    expect(fromZonedInputValue('', 'UTC')).toBeNull();
    expect(fromZonedInputValue('24/11/2026 10:00', 'UTC')).toBeNull();
  });
});
