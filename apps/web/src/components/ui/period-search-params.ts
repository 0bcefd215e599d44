import { DEFAULT_PERIOD_KEY, isPeriodKey, type PeriodChoice } from '@ec/contract/periods';

/** The query parameter a page keeps its period in (spec 2 §2.9, §2.11). */
export const PERIOD_PARAM = 'period_key';
/**
 * The moment the view shows (spec 2 §2.11's `timestamp`), in ISO 8601: the instant a relative period
 * ends at when a shared view pinned it (absent: it ends now), or a custom period as an interval
 * `start/end`.
 */
export const TIMESTAMP_PARAM = 'timestamp';

const instant = (value: string | undefined) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The period a page's address names. An unknown key, or custom without a readable interval, is the
 * default period, and an unreadable pin is left out: a link always opens a page that lists something.
 */
export function readPeriodChoice(search: URLSearchParams): PeriodChoice {
  const key = search.get(PERIOD_PARAM);
  const timestamp = search.get(TIMESTAMP_PARAM) ?? '';
  if (key === 'custom') {
    const [start, end, ...rest] = timestamp.split('/').map(instant);
    return start && end && rest.length === 0 ? { key, start, end } : { key: DEFAULT_PERIOD_KEY };
  }
  if (!isPeriodKey(key) || key === 'custom') return { key: DEFAULT_PERIOD_KEY };
  const end = instant(timestamp);
  return end ? { key, end } : { key };
}

/** The address's parameters with `choice` written in; the page's other parameters are kept. */
export function writePeriodChoice(search: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(PERIOD_PARAM, choice.key);
  if (choice.key === 'custom')
    next.set(TIMESTAMP_PARAM, `${choice.start.toISOString()}/${choice.end.toISOString()}`);
  else if (choice.end) next.set(TIMESTAMP_PARAM, choice.end.toISOString());
  else next.delete(TIMESTAMP_PARAM);
  return next;
}

/** A stable text of a choice, for query keys and comparisons (Dates are not). */
export const periodChoiceKey = (choice: PeriodChoice): string =>
  choice.key === 'custom'
    ? `custom:${choice.start.toISOString()}/${choice.end.toISOString()}`
    : choice.end
      ? `${choice.key}@${choice.end.toISOString()}`
      : choice.key;
