import { wallClock } from '../../lib/format-date';

/**
 * Wall-clock times in the user's profile time zone for `datetime-local` inputs, which only know the
 * browser's own zone: what the input shows is read and written as that zone's clock.
 */

/** How far the zone's clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(time: number, timeZone: string | undefined) {
  const wall = wallClock(new Date(time), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(time / 1000) * 1000;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The zone's wall clock at `date` as a `datetime-local` value (YYYY-MM-DDTHH:mm). */
export function toZonedInputValue(date: Date, timeZone: string | undefined): string {
  const wall = wallClock(date, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * The instant a `datetime-local` value stands for on the zone's clock; null when it is not a time. A
 * time skipped by a daylight-saving change is read with the offset from before the change.
 */
export function fromZonedInputValue(value: string, timeZone: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess, then at the instant it gives: the second differs only across a change.
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}
