import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { type ComponentProps, lazy, Suspense } from 'react';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import type { WidgetDialogFrame as Frame } from './widget-dialog-frame';

const WidgetDialogFrame = lazy(() =>
  import('./widget-dialog-frame').then((m) => ({ default: m.WidgetDialogFrame })),
);

/**
 * The frame of a widget's dialog: a title, its content, Close; the whole screen on a phone. A widget
 * mounts it when opened: the dialog's code (MUI's Dialog and Modal) loads then, not with the page.
 */
export function WidgetDialog(props: ComponentProps<typeof Frame>) {
  return (
    <Suspense fallback={null}>
      <WidgetDialogFrame {...props} />
    </Suspense>
  );
}

/** A dialog's content while it loads, named for screen readers. */
export function DialogSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton variant="rounded" height={160} aria-hidden="true" />
    </Box>
  );
}
