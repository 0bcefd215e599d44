import { useWindowFocused } from '../../../lib/use-window-focused';

/**
 * A TanStack `refetchInterval` that refreshes every `intervalMs` while the window has the focus, and
 * keeps trying until a first answer arrived even without it (spec 2 §2.11, §4.13).
 */
export function useFocusedInterval(intervalMs: number) {
  const focused = useWindowFocused();
  return (query: { state: { data?: unknown } }) =>
    focused || query.state.data === undefined ? intervalMs : false;
}
