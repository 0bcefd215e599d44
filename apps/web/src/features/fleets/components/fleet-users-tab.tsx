import type { Fleet, FleetUser } from '@ec/contract/fleets';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { TargetInvitesTable } from '../../../components/invites/target-invites-table';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { TargetUsersDialogs, type UsersDialog } from '../../../components/users/target-users-dialogs';
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
  const [dialog, setDialog] = useState<UsersDialog>(null);
  const rows = users.data ?? [];

  const columns = targetUserColumns<FleetUser>({
    onRemove: (user) => setDialog({ kind: 'remove', user }),
    removeLabel: 'Remove User',
  });

  return (
    <Stack spacing={2}>
      <SectionCard
        title="Users"
        titleVariant="h3"
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              onClick={() => setDialog({ kind: 'edit' })}
              disabled={ownUsers(rows).length === 0}
            >
              Edit Permissions
            </Button>
            <Button variant="contained" onClick={() => setDialog({ kind: 'invite' })}>
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
      <TargetUsersDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        users={rows}
        target="this fleet"
        editTitle="Edit Permissions"
        editDescription="Users of this fleet and what they may do with its devices. Members of the organization are managed there."
        createInvite={createInvite}
        save={save}
        remove={remove}
      />
    </Stack>
  );
}
