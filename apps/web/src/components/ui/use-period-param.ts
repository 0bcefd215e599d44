import type { PeriodChoice } from '@ec/contract/periods';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { periodChoiceKey, readPeriodChoice, writePeriodChoice } from './period-search-params';

/**
 * A page's period, read from and written to its address (period_key, and a custom period's dates), so
 * a link or a reload opens the same view. A change replaces the history entry instead of adding one.
 */
export function usePeriodParam(): [PeriodChoice, (choice: PeriodChoice) => void] {
  const [search, setSearch] = useSearchParams();
  const read = readPeriodChoice(search);
  const key = periodChoiceKey(read);
  // One object per choice, so that what depends on it does not change on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice changes exactly when its key does
  const choice = useMemo(() => read, [key]);
  const setChoice = useCallback(
    (next: PeriodChoice) => setSearch((current) => writePeriodChoice(current, next), { replace: true }),
    [setSearch],
  );
  return [choice, setChoice];
}
