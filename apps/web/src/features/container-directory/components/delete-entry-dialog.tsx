import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';

/** 'Delete Container' (spec 3 §2.9): "Are you sure you want to delete {name}?" with Cancel and Delete. */
export function DeleteEntryDialog(props: {
  open: boolean;
  name: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>Delete Container</DialogTitle>
      <DialogContent>
        <ErrorAlert error={props.error} sx={{ mb: 1 }} />
        <DialogContentText>Are you sure you want to delete {props.name}?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button color="error" variant="contained" loading={props.pending} onClick={props.onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
