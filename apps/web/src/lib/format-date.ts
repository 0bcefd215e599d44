import { displayTimeZone } from './display-time-zone';

const pad = (value: number) => String(value).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it); an unknown zone falls back to the browser's. */
function formatterFor(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      timeZoneName: 'short',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The clock and calendar of `timeZone` at that instant (an unknown zone: the browser's). */
export function wallClock(date: Date, timeZone: string | undefined) {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const number = (type: string, otherwise: number) => Number(parts[type] ?? otherwise);
  return {
    year: number('year', 0),
    month: number('month', 1),
    day: number('day', 1),
    hour: number('hour', 0) % 24,
    minute: number('minute', 0),
    second: number('second', 0),
    zone: parts.timeZoneName ?? '',
  };
}

function partsOf(date: Date, timeZone: string | undefined) {
  const wall = wallClock(date, timeZone);
  return {
    day: `${wall.year}/${pad(wall.month)}/${pad(wall.day)}`,
    hours: wall.hour,
    minutes: wall.minute,
    seconds: wall.second,
    zone: wall.zone,
  };
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Dates as YYYY/MM/DD and times as hh:mm:ss a (spec 1 §9), in the time zone of the user's profile
 * (or the one given), followed by that zone's short name so nobody has to guess which clock it is.
 */
export function formatTimestamp(
  value: string | number | Date | null | undefined,
  timeZone: string | undefined = displayTimeZone.get(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { day, hours, minutes, seconds, zone } = partsOf(date, timeZone);
  const hh = pad(hours % 12 === 0 ? 12 : hours % 12);
  const time = `${hh}:${pad(minutes)}:${pad(seconds)} ${hours < 12 ? 'am' : 'pm'}`;
  return zone ? `${day} ${time} ${zone}` : `${day} ${time}`;
}

/**
 * A calendar date; ISO dates without a time (2024-05-06) are shown as written, with no zone shift,
 * and instants as their day in the profile's time zone.
 */
export function formatDate(
  value: string | Date | null | undefined,
  timeZone: string | undefined = displayTimeZone.get(),
): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '/');
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : partsOf(date, timeZone).day;
}
