import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

export const DELETE_OUTPUT_QUESTION = 'Are you sure you want to delete this output?';

/**
 * Delete Output (spec 3 §2.4): a confirmation; the output leaves the working copy and the device with
 * Save. Devices that cannot remove outputs get the lock notice and no Delete.
 */
export function OutputsDeleteDialog(props: {
  outputName: string | null;
  locked: string | null;
  onClose: () => void;
  onDelete: () => void;
}) {
  return (
    <Dialog open={props.outputName !== null} onClose={props.onClose} aria-labelledby="delete-output-title">
      <DialogTitle id="delete-output-title">Delete Output</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {props.locked && <Alert severity="warning">{props.locked}</Alert>}
          <DialogContentText>{DELETE_OUTPUT_QUESTION}</DialogContentText>
          <DialogContentText>
            '{props.outputName}' is removed from the device when you save.
          </DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={Boolean(props.locked)}
          onClick={() => {
            props.onDelete();
            props.onClose();
          }}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
