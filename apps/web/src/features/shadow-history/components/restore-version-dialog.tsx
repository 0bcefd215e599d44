import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** The confirmation before a past version is sent to the device as a set command. */
export function RestoreVersionDialog(props: {
  version: number;
  current: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={props.onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Restore version {props.version}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The configuration of version {props.version} is sent to the device as a change to version{' '}
          {props.current}. The device applies it as a new version or refuses it; the tab shows the outcome.
          Unsaved edits on this tab are replaced once it is applied.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" onClick={props.onConfirm}>
          Restore
        </Button>
      </DialogActions>
    </Dialog>
  );
}
