import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorAlert } from '../ui/error-alert';
import type { TargetUserRow } from './user-rows';

/**
 * Asks before a user of a device or a fleet (`target`: 'this device') loses their access to it;
 * `remove` is DELETE .../users with the user's guid.
 */
export function RemoveUserDialog(props: {
  target: string;
  user: TargetUserRow | null;
  remove: UseMutationResult<unknown, Error, string[]>;
  onClose: () => void;
}) {
  const titleId = useId();
  const { remove } = props;
  // The last user asked about stays named while the dialog fades out.
  const [shown, setShown] = useState(props.user);
  if (props.user && props.user !== shown) setShown(props.user);
  const user = props.user ?? shown;
  const close = () => {
    remove.reset();
    props.onClose();
  };
  const confirm = async () => {
    if (!props.user) return;
    const done = await remove.mutateAsync([props.user.user_guid]).catch(() => null);
    if (done) close();
  };

  return (
    <Dialog open={Boolean(props.user)} onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Remove User</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Remove {user?.name} ({user?.email}) from {props.target}?
        </DialogContentText>
        <ErrorAlert error={remove.error} sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" color="error" onClick={confirm} loading={remove.isPending}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
