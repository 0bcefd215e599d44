import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef } from 'react';

/**
 * The confirmation before an entry leaves a list (spec 3 §4.1): it is removed from the working copy
 * only, and from the device when the list is saved.
 */
export function ConfirmDeleteDialog(props: {
  /** 'Delete Input', 'Delete Encoder'. */
  title: string;
  /** The entry's name; null while the dialog is closed. */
  name: string | null;
  /** What the entry is, where the question names it ('the alert …'). */
  kind?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  // The name stays while the dialog closes, so its text does not change as it fades out.
  const shown = useRef(props.name);
  if (props.name !== null) shown.current = props.name;
  return (
    <Dialog open={props.name !== null} onClose={props.onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete {props.kind ? `the ${props.kind} ` : ''}'{shown.current}'? It is removed from the device when
          you save.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={props.onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
