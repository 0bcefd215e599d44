import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('focus', onChange);
  window.addEventListener('blur', onChange);
  return () => {
    window.removeEventListener('focus', onChange);
    window.removeEventListener('blur', onChange);
  };
}

/**
 * Whether this window has the focus. Stricter than TanStack's own focus (page visibility): a console left
 * visible behind another window has no focus either.
 */
export function useWindowFocused(): boolean {
  return useSyncExternalStore(subscribe, () => document.hasFocus());
}
