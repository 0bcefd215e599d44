import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { placeholderKeys } from './placeholder-keys';
import { VisuallyHidden } from './visually-hidden';

/**
 * What a page shows while its data loads: a heading line and boxes in the shape of what comes, so the
 * page does not jump when it arrives. `label` tells screen readers what is loading.
 */
export function PageSkeleton(props: { label: string; boxes?: number; boxHeight?: number }) {
  const { boxes = 2, boxHeight = 160 } = props;
  return (
    <Stack spacing={2} role="status" aria-busy="true">
      <VisuallyHidden>{props.label}</VisuallyHidden>
      <Skeleton variant="text" width="40%" sx={{ typography: 'h1' }} aria-hidden="true" />
      {placeholderKeys(boxes).map((key) => (
        <Skeleton key={key} variant="rounded" height={boxHeight} aria-hidden="true" />
      ))}
    </Stack>
  );
}
