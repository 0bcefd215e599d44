import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ExplorerView, readExplorerView, writeExplorerView } from '../logic/explorer-params';

/**
 * The explorer's devices, metrics and tab, read from and written to its address (spec 2 §2.11), so a
 * view is shared by its link. A change replaces the history entry, as the period's does.
 */
export function useExplorerView(): [ExplorerView, (change: Partial<ExplorerView>) => void] {
  const [search, setSearch] = useSearchParams();
  const text = search.toString();
  // One object per address, so that queries keyed on it do not change on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view changes exactly when the address does
  const view = useMemo(() => readExplorerView(search), [text]);
  const change = useCallback(
    (next: Partial<ExplorerView>) =>
      setSearch((current) => writeExplorerView(current, next), { replace: true }),
    [setSearch],
  );
  return [view, change];
}
