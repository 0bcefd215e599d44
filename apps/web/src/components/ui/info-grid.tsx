import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { placeholderKeys } from './placeholder-keys';
import { VisuallyHidden } from './visually-hidden';

const GRID_SX = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: 2,
};

export interface InfoItem {
  label: string;
  value: ReactNode;
}

/** A labelled grid of read-only values, as a description list for assistive technology. */
export function InfoGrid({ items }: { items: readonly InfoItem[] }) {
  return (
    <Box component="dl" sx={{ m: 0, ...GRID_SX }}>
      {items.map((item) => (
        <Box key={item.label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The grid's shape while its values load; `label` tells screen readers what is loading. */
export function InfoGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <Box role="status" aria-busy="true" sx={GRID_SX}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {placeholderKeys(count).map((key) => (
        <Box key={key} aria-hidden="true">
          <Skeleton variant="text" width="40%" sx={{ typography: 'caption' }} />
          <Skeleton variant="text" />
        </Box>
      ))}
    </Box>
  );
}
