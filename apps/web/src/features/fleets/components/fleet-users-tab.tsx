import type { Fleet, FleetUser } from '@ec/contract/fleets';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { TargetInvitesTable } from '../../../components/invites/target-invites-table';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { EditPermissionsDialog } from '../../../components/users/edit-permissions-dialog';
import { InviteUserDialog } from '../../../components/users/invite-user-dialog';
import { RemoveUserDialog } from '../../../components/users/remove-user-dialog';
import { targetUserColumns } from '../../../components/users/user-columns';
import { ownUsers } from '../../../components/users/user-rows';
import {
  useCancelFleetInvite,
  useCreateFleetInvite,
  useFleetInvites,
  useFleetUsers,
  useRemoveFleetUsers,
  useSaveFleetUsers,
} from '../api/fleet-users';

/**
 * The fleet's Users tab (spec 2 §2.6, §6; fleet editors only, as the server answers): its users up to
 * 200 rows with their access levels, the organization's members as 'Managed by Org' rows that offer
 * nothing, Invite User, Edit Permissions, Remove User, and the Pending Invites.
 */
export function FleetUsersTab({ fleet }: { fleet: Fleet }) {
  const fleetGuid = fleet.fleet_guid;
  const users = useFleetUsers(fleetGuid);
  const invites = useFleetInvites(fleetGuid);
  const save = useSaveFleetUsers(fleetGuid);
  const remove = useRemoveFleetUsers(fleetGuid);
  const createInvite = useCreateFleetInvite(fleetGuid);
  const cancelInvite = useCancelFleetInvite(fleetGuid);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<FleetUser | null>(null);
  const rows = users.data ?? [];

  const columns = targetUserColumns<FleetUser>({ onRemove: setRemoving, removeLabel: 'Remove User' });

  return (
    <Stack spacing={2}>
      <SectionCard
        title="Users"
        titleVariant="h3"
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              onClick={() => setEditing(true)}
              disabled={ownUsers(rows).length === 0}
            >
              Edit Permissions
            </Button>
            <Button variant="contained" onClick={() => setInviting(true)}>
              Invite User
            </Button>
          </Stack>
        }
      >
        <DataTable
          label="Fleet Users"
          columns={columns}
          rows={rows}
          rowKey={(user) => `${user.user_guid}:${user.managed_by ?? 'fleet'}`}
          emptyText="No users"
          query={users}
        />
      </SectionCard>
      <SectionCard title="Pending Invites" titleVariant="h3">
        <TargetInvitesTable
          label="Pending Invites"
          invites={invites.data?.invites ?? []}
          query={invites}
          cancel={cancelInvite}
          canEdit
        />
      </SectionCard>
      <InviteUserDialog createInvite={createInvite} open={inviting} onClose={() => setInviting(false)} />
      <EditPermissionsDialog
        title="Edit Permissions"
        description="Users of this fleet and what they may do with its devices. Members of the organization are managed there."
        users={rows}
        save={save}
        open={editing}
        onClose={() => setEditing(false)}
      />
      <RemoveUserDialog
        target="this fleet"
        user={removing}
        remove={remove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
