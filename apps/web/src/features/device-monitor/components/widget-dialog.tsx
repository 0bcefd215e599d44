import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { type ReactNode, useId } from 'react';
import { SizedDialog } from '../../../components/ui/sized-dialog';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';

/** The frame of a widget's dialog: a title, its content, Close; the whole screen on a phone. */
export function WidgetDialog(props: {
  title: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <SizedDialog open onClose={props.onClose} aria-labelledby={titleId} width={props.width ?? 480}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </SizedDialog>
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
