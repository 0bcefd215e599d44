import { useState } from 'react';
import { useWindowFocused } from '../use-window-focused';

/** The spec's alert refresh (spec 2 §4.4): a randomised 8 to 15 s, chosen once per screen. */
export const randomAlertInterval = () => 8000 + Math.round(Math.random() * 7000);

/**
 * A `refetchInterval` for alert queries: polls while the window has the focus, and until a first load
 * succeeded (spec 2 §4.4: skipped when the window lacks focus after the first load).
 */
export function useAlertPolling() {
  const focused = useWindowFocused();
  const [interval] = useState(randomAlertInterval);
  return (query: { state: { data?: unknown } }) =>
    focused || query.state.data === undefined ? interval : false;
}
