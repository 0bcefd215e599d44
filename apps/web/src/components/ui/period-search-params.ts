import { DEFAULT_PERIOD_KEY, isPeriodKey, type PeriodChoice } from '@ec/contract/periods';

/** The query parameter a page keeps its period in (spec 2 §2.9, §2.11). */
export const PERIOD_PARAM = 'period_key';
/** A custom period's own dates, as ISO instants beside period_key=custom. */
export const PERIOD_START_PARAM = 'start_time';
export const PERIOD_END_PARAM = 'end_time';

const dateParam = (value: string | null) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The period a page's address names. An unknown key, or custom without two readable dates, is the
 * default period: a link always opens a page that lists something.
 */
export function readPeriodChoice(search: URLSearchParams): PeriodChoice {
  const key = search.get(PERIOD_PARAM);
  if (key === 'custom') {
    const start = dateParam(search.get(PERIOD_START_PARAM));
    const end = dateParam(search.get(PERIOD_END_PARAM));
    return start && end ? { key, start, end } : { key: DEFAULT_PERIOD_KEY };
  }
  return isPeriodKey(key) && key !== 'custom' ? { key } : { key: DEFAULT_PERIOD_KEY };
}

/** The address's parameters with `choice` written in; the page's other parameters are kept. */
export function writePeriodChoice(search: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(PERIOD_PARAM, choice.key);
  if (choice.key === 'custom') {
    next.set(PERIOD_START_PARAM, choice.start.toISOString());
    next.set(PERIOD_END_PARAM, choice.end.toISOString());
  } else {
    next.delete(PERIOD_START_PARAM);
    next.delete(PERIOD_END_PARAM);
  }
  return next;
}

/** A stable text of a choice, for query keys and comparisons (Dates are not). */
export const periodChoiceKey = (choice: PeriodChoice): string =>
  choice.key === 'custom' ? `custom:${choice.start.toISOString()}/${choice.end.toISOString()}` : choice.key;
