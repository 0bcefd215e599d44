import type { AccessLevel } from '@ec/contract/access';
import type { DeviceUser } from '@ec/contract/device-users';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useSaveDeviceUsers } from '../api/save-device-users';
import { changedPermissions, ownUsers, type PermissionEdits } from '../logic/device-user-rows';
import { AccessSelect } from './access-select';

/**
 * 'Edit Device Permissions': the access of every user of the device itself, changed together and saved
 * in one call (PUT /devices/{guid}/users). Rows managed by the organization or a fleet are not offered
 * (spec 3 §6); Save waits for a change.
 */
export function EditPermissionsDialog(props: {
  deviceGuid: string;
  users: readonly DeviceUser[];
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const save = useSaveDeviceUsers(props.deviceGuid);
  const [edits, setEdits] = useState<PermissionEdits>(new Map());
  const editable = ownUsers(props.users);
  const changes = changedPermissions(props.users, edits);

  const close = () => {
    setEdits(new Map());
    save.reset();
    props.onClose();
  };
  const saveAll = async () => {
    if (changes.length === 0) return;
    const done = await save.mutateAsync(changes).catch(() => null);
    if (done) close();
  };

  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Edit Device Permissions</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Users of this device and what they may do with it. Members of the organization are managed there.
          </DialogContentText>
          <ErrorAlert error={save.error} />
          {editable.map((user) => (
            <Stack
              key={user.user_guid}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{user.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Typography>
              </Box>
              <AccessSelect
                size="small"
                value={edits.get(user.user_guid) ?? user.access}
                onChange={(event) =>
                  setEdits((current) =>
                    new Map(current).set(user.user_guid, Number(event.target.value) as AccessLevel),
                  )
                }
                slotProps={{ htmlInput: { 'aria-label': `Access for ${user.name}` } }}
                sx={{ minWidth: 140 }}
              />
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          onClick={saveAll}
          loading={save.isPending}
          disabled={changes.length === 0}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
