import type { Invite } from '@ec/contract/invites';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { accessColumn } from '../../../components/ui/access-level-label';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatTimestamp } from '../../../lib/format-date';
import { useCancelInvite } from '../api/cancel-invite';
import { useOrgInvites } from '../api/get-target-invites';
import { InviteUserDialog } from './invite-user-dialog';

/**
 * An organization's pending invites (spec 1 §2.6): members see them, editors invite users and cancel
 * invites. Up to 200 rows.
 */
export function OrgInvitesBox(props: { orgGuid: string; canEdit: boolean }) {
  const headingId = useId();
  const invites = useOrgInvites(props.orgGuid);
  const cancelInvite = useCancelInvite(props.orgGuid);
  const [inviting, setInviting] = useState(false);
  const columns: DataTableColumn<Invite>[] = [
    {
      id: 'email',
      header: 'E-mail',
      cell: (invite) => invite.target_email,
      sortValue: (invite) => invite.target_email ?? '',
    },
    accessColumn(),
    {
      id: 'invited',
      header: 'Invited',
      cell: (invite) => formatTimestamp(invite.created_at),
      sortValue: (invite) => invite.created_at,
    },
  ];
  if (props.canEdit) {
    columns.push(
      actionsColumn((invite) => (
        <Button
          color="error"
          size="small"
          aria-label={`Cancel Invite for ${invite.target_email}`}
          loading={cancelInvite.isPending && cancelInvite.variables === invite.invite_guid}
          onClick={() => cancelInvite.mutate(invite.invite_guid)}
        >
          Cancel Invite
        </Button>
      )),
    );
  }

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={headingId} variant="h6" component="h2">
            Invites
          </Typography>
          {props.canEdit && (
            <Button variant="contained" onClick={() => setInviting(true)}>
              Invite User
            </Button>
          )}
        </Stack>
        <ErrorAlert error={cancelInvite.error} />
        <DataTable
          label="Invites"
          columns={columns}
          rows={invites.data?.invites ?? []}
          rowKey={(invite) => invite.invite_guid}
          emptyText="No pending invites"
          query={invites}
        />
      </Stack>
      {props.canEdit && (
        <InviteUserDialog orgGuid={props.orgGuid} open={inviting} onClose={() => setInviting(false)} />
      )}
    </Paper>
  );
}
