import type { DeviceUser } from '@ec/contract/device-users';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useRemoveDeviceUsers } from '../api/remove-device-users';

/** Asks before a user of the device loses their access to it (DELETE /devices/{guid}/users). */
export function RemoveDeviceUserDialog(props: {
  deviceGuid: string;
  user: DeviceUser | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const remove = useRemoveDeviceUsers(props.deviceGuid);
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
          Remove {user?.name} ({user?.email}) from this device?
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
