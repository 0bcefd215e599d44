import type { AccessLevel } from '@ec/contract/access';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { ErrorAlert } from '../ui/error-alert';
import { AccessSelect } from './access-select';
import { changedPermissions, ownUsers, type PermissionEdits, type TargetUserRow } from './user-rows';

/**
 * 'Edit Device Permissions' / 'Edit Permissions' of a fleet: the access of every own user of the
 * target, changed together and saved in one call (`save`: PUT .../users). Rows managed elsewhere are
 * not offered (spec 2 §6, spec 3 §6); Save waits for a change.
 */
export function EditPermissionsDialog(props: {
  title: string;
  description: ReactNode;
  users: readonly TargetUserRow[];
  save: UseMutationResult<unknown, Error, { user_guid: string; access: AccessLevel }[]>;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const { save } = props;
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
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{props.description}</DialogContentText>
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
