/**
 * The periods a page looks back over (spec 2 §9 "Period options", §3 "Period"): the events page and the
 * metrics explorer offer the same list. `period` is the length in seconds of one metrics bucket.
 */

export const PERIOD_KEYS = ['1hr', '6hrs', '1day', '2days', '5days', '30days', 'custom'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];
/** The keys that end now and reach back a fixed length. */
export type RelativePeriodKey = Exclude<PeriodKey, 'custom'>;

/** Spec 2 §9: 1day is the default, as the default event window is the last 24 hours. */
export const DEFAULT_PERIOD_KEY: RelativePeriodKey = '1day';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface PeriodOption {
  key: PeriodKey;
  label: string;
  /** How far back it reaches from now; null for custom, which spans the dates chosen. */
  durationMs: number | null;
  /** The metrics bucket in seconds. */
  period: number;
}

/** Every option in the order a selector lists them. */
export const PERIOD_OPTIONS: readonly PeriodOption[] = [
  { key: '1hr', label: 'Last hour', durationMs: HOUR_MS, period: 60 },
  { key: '6hrs', label: 'Last 6 hours', durationMs: 6 * HOUR_MS, period: 300 },
  { key: '1day', label: 'Last 24 hours', durationMs: DAY_MS, period: 1800 },
  { key: '2days', label: 'Last 2 days', durationMs: 2 * DAY_MS, period: 3600 },
  { key: '5days', label: 'Last 5 days', durationMs: 5 * DAY_MS, period: 21_600 },
  { key: '30days', label: 'Last 30 days', durationMs: 30 * DAY_MS, period: 86_400 },
  { key: 'custom', label: 'Custom', durationMs: null, period: 43_200 },
];

export const periodOption = (key: PeriodKey): PeriodOption =>
  PERIOD_OPTIONS.find((option) => option.key === key) as PeriodOption;

export const isPeriodKey = (value: unknown): value is PeriodKey =>
  typeof value === 'string' && (PERIOD_KEYS as readonly string[]).includes(value);

/**
 * What a user chose: a key that reaches back from now, or from `end` when a shared view pinned it to a
 * moment; or custom with its own start and end.
 */
export type PeriodChoice = { key: RelativePeriodKey; end?: Date } | { key: 'custom'; start: Date; end: Date };

/** A period as a query uses it (spec 2 §3): start, end, the bucket in seconds and the key. */
export interface Period {
  key: PeriodKey;
  start: Date;
  end: Date;
  period: number;
}

/**
 * The span a choice stands for at `now`: a relative key ends now, or at its pinned end; custom spans its
 * own dates (put in order, so a start after the end never makes an empty or refused query).
 */
export function resolvePeriod(choice: PeriodChoice, now: Date = new Date()): Period {
  const option = periodOption(choice.key);
  if (choice.key === 'custom') {
    const [start, end] =
      choice.start.getTime() <= choice.end.getTime()
        ? [choice.start, choice.end]
        : [choice.end, choice.start];
    return { key: 'custom', start, end, period: option.period };
  }
  const end = choice.end ?? now;
  return {
    key: choice.key,
    start: new Date(end.getTime() - (option.durationMs ?? 0)),
    end,
    period: option.period,
  };
}
