import type { Invite } from '@ec/contract/invites';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { accessColumn } from '../../../components/ui/access-level-label';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { paths } from '../../../config/paths';
import { useAcceptInvite } from '../api/accept-invite';
import { useDeclineInvite } from '../api/decline-invite';
import { useMyInvites } from '../api/get-my-invites';

const targetName = (invite: Invite) =>
  invite.org_name ?? invite.device_name ?? invite.fleet_name ?? invite.org_guid ?? invite.device_guid ?? '';

const targetKind = (invite: Invite) =>
  invite.org_guid ? 'Organization' : invite.device_guid ? 'Device' : 'Fleet';

/**
 * 'Pending Invitations' of the signed-in user with Decline and Accept per row (spec 1 §2.4). Accepting an
 * organization invite selects it and goes to the dashboard; failures show the parsed error text (§8),
 * which stays in view when no invite is left (the invite was cancelled meanwhile). Renders nothing while
 * there are no invites and nothing to report.
 */
export function PendingInvitesTable() {
  const headingId = useId();
  const navigate = useNavigate();
  const invites = useMyInvites();
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const [busy, setBusy] = useState<string | null>(null);
  const rows = invites.data?.invites ?? [];
  const actionError = accept.error ?? decline.error;

  if (rows.length === 0 && !invites.error && !actionError) return null;

  const onAccept = async (invite: Invite) => {
    decline.reset();
    setBusy(invite.invite_guid);
    const answer = await accept.mutateAsync(invite.invite_guid).catch(() => null);
    setBusy(null);
    if (answer?.org_guid) navigate(paths.dashboard.getHref(), { replace: true });
    // A device invite makes the person a user of that one device: open it.
    else if (answer?.device_guid) navigate(paths.devices.detail.getHref(answer.device_guid));
    // A fleet invite makes the person a user of the fleet: open it.
    else if (answer?.fleet_guid) navigate(paths.fleets.detail.getHref(answer.fleet_guid));
  };
  const onDecline = async (invite: Invite) => {
    accept.reset();
    setBusy(invite.invite_guid);
    await decline.mutateAsync(invite.invite_guid).catch(() => null);
    setBusy(null);
  };

  const columns: DataTableColumn<Invite>[] = [
    { id: 'name', header: 'Name', cell: targetName },
    { id: 'type', header: 'Type', cell: targetKind },
    accessColumn(),
    actionsColumn((invite) => (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          size="small"
          aria-label={`Decline ${targetName(invite)}`}
          disabled={busy !== null}
          loading={busy === invite.invite_guid && decline.isPending}
          onClick={() => onDecline(invite)}
        >
          Decline
        </Button>
        <Button
          size="small"
          variant="contained"
          aria-label={`Accept ${targetName(invite)}`}
          disabled={busy !== null}
          loading={busy === invite.invite_guid && accept.isPending}
          onClick={() => onAccept(invite)}
        >
          Accept
        </Button>
      </Stack>
    )),
  ];

  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h2">
        Pending Invitations
      </Typography>
      <ErrorAlert error={actionError} />
      <DataTable
        label="Pending Invitations"
        columns={columns}
        rows={rows}
        rowKey={(invite) => invite.invite_guid}
        emptyText="No pending invitations"
        query={invites}
      />
    </Stack>
  );
}
