import { DEFAULT_LOCALE } from '@ec/contract/auth';

export interface LocaleOption {
  value: string;
  label: string;
}

const LOCALE_PATTERN = /^[a-z]{2}-[A-Z]{2}$/;

/**
 * Locale choices (spec 1 §5): Default (en-US), the browser's own locale when it looks like xx-YY,
 * and the previous locale. Duplicates are dropped.
 */
export function localeOptions(
  browserLocale: string | null | undefined,
  previous?: string | null,
): LocaleOption[] {
  const options: LocaleOption[] = [{ value: DEFAULT_LOCALE, label: `Default (${DEFAULT_LOCALE})` }];
  const add = (value: string | null | undefined, label: (v: string) => string) => {
    if (!value || !LOCALE_PATTERN.test(value) || options.some((o) => o.value === value)) return;
    options.push({ value, label: label(value) });
  };
  add(browserLocale, (v) => `Browser Default (${v})`);
  add(previous, (v) => `Previous (${v})`);
  return options;
}
