import type { DeviceUser } from '@ec/contract/device-users';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { EditPermissionsDialog } from '../../../components/users/edit-permissions-dialog';
import { InviteUserDialog } from '../../../components/users/invite-user-dialog';
import { RemoveUserDialog } from '../../../components/users/remove-user-dialog';
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
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<DeviceUser | null>(null);
  const rows = users.data ?? [];
  const editable = ownUsers(rows);

  const columns = targetUserColumns<DeviceUser>({
    onRemove: canEdit ? setRemoving : null,
    removeLabel: 'Remove',
  });

  return (
    <SectionCard
      title="Users"
      titleVariant="h3"
      actions={
        canEdit && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setEditing(true)} disabled={editable.length === 0}>
              Edit Device Permissions
            </Button>
            <Button variant="contained" onClick={() => setInviting(true)}>
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
        <>
          <InviteUserDialog createInvite={createInvite} open={inviting} onClose={() => setInviting(false)} />
          <EditPermissionsDialog
            title="Edit Device Permissions"
            description="Users of this device and what they may do with it. Members of the organization are managed there."
            save={save}
            users={rows}
            open={editing}
            onClose={() => setEditing(false)}
          />
          <RemoveUserDialog
            target="this device"
            user={removing}
            remove={remove}
            onClose={() => setRemoving(null)}
          />
        </>
      )}
    </SectionCard>
  );
}
