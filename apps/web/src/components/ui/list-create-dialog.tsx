import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId } from 'react';

/**
 * The dialog that creates an entry of a list shadow (spec 3 §4.1, §5): the shadow's fields for the new
 * entry, the contract's issues with it that no field shows, and Create, disabled while the entry has
 * an issue. The entry joins the working copy and reaches the device with Save.
 */
export function ListCreateDialog(props: {
  open: boolean;
  title: string;
  /** The Create button's text where it says more than 'Create'. */
  createLabel?: string;
  size: 'xs' | 'sm' | 'md';
  /** A dialog with a whole settings form takes the screen on a phone. */
  fullScreenOnPhone?: boolean;
  issues?: readonly { path: readonly PropertyKey[]; message: string }[];
  /** Create is disabled: the new entry has an issue. */
  blocked: boolean;
  onClose: () => void;
  onCreate: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      fullScreen={props.fullScreenOnPhone === true && phone}
      maxWidth={props.size}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
          {props.issues?.map((issue) => (
            <Alert key={`${issue.path.join('.')}:${issue.message}`} severity="error" role="alert">
              {issue.message}
            </Alert>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={props.blocked}
          onClick={() => {
            props.onCreate();
            props.onClose();
          }}
        >
          {props.createLabel ?? 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
