import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a page's heading to appear (lazy code and data) before giving up. */
const WAIT_MS = 10_000;

/**
 * After a client-side navigation to another path (not on the first load), moves the focus to the page's
 * h1 inside `container`, waiting for it to render. It leaves the focus alone when the focused control is
 * still inside the container (a tab or filter that updated the page in place, a field with autofocus) or
 * when the person moved the focus into the page themselves while it loaded.
 */
export function useFocusHeadingOnNavigate(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = pathname;
    const root = container.current;
    if (previous === null || previous === pathname || !root) return;
    const before = document.activeElement;
    if (before && before !== document.body && root.contains(before)) return;

    const focusHeading = () => {
      const now = document.activeElement;
      if (now && now !== before && root.contains(now)) return true;
      const heading = root.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, container]);
}
