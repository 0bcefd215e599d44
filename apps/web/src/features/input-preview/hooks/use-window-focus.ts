import { useEffect, useState } from 'react';

/**
 * Whether the browser window has the person's attention: false once it loses focus or is hidden,
 * true again when it comes back. It starts as visible-means-focused, as a page just opened is.
 */
export function useWindowFocus(): boolean {
  const [focused, setFocused] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  useEffect(() => {
    const focus = () => setFocused(document.visibilityState !== 'hidden');
    const blur = () => setFocused(false);
    window.addEventListener('focus', focus);
    window.addEventListener('blur', blur);
    document.addEventListener('visibilitychange', focus);
    return () => {
      window.removeEventListener('focus', focus);
      window.removeEventListener('blur', blur);
      document.removeEventListener('visibilitychange', focus);
    };
  }, []);
  return focused;
}
