import type { DeviceUser } from '@ec/contract/device-users';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { TargetUsersDialogs, type UsersDialog } from '../../../components/users/target-users-dialogs';
import { targetUserColumns } from '../../../components/users/user-columns';
import { useCreateDeviceInvite } from '../api/create-device-invite';
import { useDeviceUsers } from '../api/get-device-users';
import { useRemoveDeviceUsers } from '../api/remove-device-users';
import { useSaveDeviceUsers } from '../api/save-device-users';
import { deviceUserRowKey, ownUsers } from '../logic/device-user-rows';

/**
 * The device's users, up to 200 rows (spec 2 §2.5): its own users and the organization's members, whose
 * rows read 'Managed by Org' and offer nothing. Editors invite, edit permissions and remove users.
 */
export function DeviceUsersBox(props: { deviceGuid: string; canEdit: boolean }) {
  const { deviceGuid, canEdit } = props;
  const users = useDeviceUsers(deviceGuid);
  const createInvite = useCreateDeviceInvite(deviceGuid);
  const save = useSaveDeviceUsers(deviceGuid);
  const remove = useRemoveDeviceUsers(deviceGuid);
  const [dialog, setDialog] = useState<UsersDialog>(null);
  const rows = users.data ?? [];
  const editable = ownUsers(rows);

  const columns = targetUserColumns<DeviceUser>({
    onRemove: canEdit ? (user) => setDialog({ kind: 'remove', user }) : null,
    removeLabel: 'Remove',
  });

  return (
    <SectionCard
      title="Users"
      titleVariant="h3"
      actions={
        canEdit && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              onClick={() => setDialog({ kind: 'edit' })}
              disabled={editable.length === 0}
            >
              Edit Device Permissions
            </Button>
            <Button variant="contained" onClick={() => setDialog({ kind: 'invite' })}>
              Invite User
            </Button>
          </Stack>
        )
      }
    >
      <DataTable
        label="Device Users"
        columns={columns}
        rows={rows}
        rowKey={deviceUserRowKey}
        emptyText="No users"
        query={users}
      />
      {canEdit && (
        <TargetUsersDialogs
          dialog={dialog}
          onClose={() => setDialog(null)}
          users={rows}
          target="this device"
          editTitle="Edit Device Permissions"
          editDescription="Users of this device and what they may do with it. Members of the organization are managed there."
          createInvite={createInvite}
          save={save}
          remove={remove}
        />
      )}
    </SectionCard>
  );
}
