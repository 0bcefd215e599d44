import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { SizedDialog } from '../../../components/ui/sized-dialog';

/** The frame of a widget's dialog: a title, its content, Close; the whole screen on a phone. */
export function WidgetDialogFrame(props: {
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
