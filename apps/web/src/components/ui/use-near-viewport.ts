import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` pixels of the screen; once true it stays true. Without
 * IntersectionObserver (jsdom) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = 400): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
