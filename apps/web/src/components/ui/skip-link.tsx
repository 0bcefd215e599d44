import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

/**
 * 'Skip to content', first in the page: hidden until it has the keyboard focus, then it moves the focus
 * to the page's heading (or the main region) without touching the URL.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const heading = target.querySelector('h1');
    const focusable = heading ?? target;
    if (!focusable.hasAttribute('tabindex')) focusable.setAttribute('tabindex', '-1');
    focusable.focus();
  };
  return (
    <Link
      href={`#${targetId}`}
      onClick={skip}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      })}
    >
      Skip to content
    </Link>
  );
}
