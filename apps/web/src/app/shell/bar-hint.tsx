import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A tooltip-like hint under a top-bar button, shown on hover and keyboard focus and drawn with CSS
 * alone: MUI's Tooltip would bring Popper into every page's first load. The button keeps its own
 * aria-label, so the hint is visual only (as MUI's Tooltip leaves a child's aria-label in place).
 */
export function BarHint({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'inline-flex',
        '&:hover > .bar-hint, &:has(:focus-visible) > .bar-hint': {
          opacity: 1,
          visibility: 'visible',
          transitionDelay: '100ms',
        },
      }}
    >
      {children}
      <Box
        component="span"
        className="bar-hint"
        aria-hidden
        sx={(theme) => ({
          ...theme.typography.caption,
          position: 'absolute',
          top: '100%',
          left: '50%',
          transform: 'translateX(-50%)',
          mt: 0.5,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          color: 'common.white',
          bgcolor: 'grey.700',
          zIndex: 'tooltip',
          opacity: 0,
          visibility: 'hidden',
          transition: theme.transitions.create(['opacity', 'visibility'], {
            duration: theme.transitions.duration.shorter,
          }),
        })}
      >
        {title}
      </Box>
    </Box>
  );
}
