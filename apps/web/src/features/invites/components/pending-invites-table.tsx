import type { Invite } from '@ec/contract/invites';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AccessLevelLabel } from '../../../components/ui/access-level-label';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
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
 * organization invite selects it and goes to the dashboard; failures show the parsed error text (§8).
 * Renders nothing while there are no invites.
 */
export function PendingInvitesTable() {
  const headingId = useId();
  const navigate = useNavigate();
  const invites = useMyInvites();
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const [busy, setBusy] = useState<string | null>(null);
  const rows = invites.data?.invites ?? [];

  if (rows.length === 0 && !invites.error) return null;

  const onAccept = async (invite: Invite) => {
    decline.reset();
    setBusy(invite.invite_guid);
    const answer = await accept.mutateAsync(invite.invite_guid).catch(() => null);
    setBusy(null);
    if (answer?.org_guid) navigate(paths.dashboard.getHref(), { replace: true });
  };
  const onDecline = async (invite: Invite) => {
    accept.reset();
    setBusy(invite.invite_guid);
    await decline.mutateAsync(invite.invite_guid).catch(() => null);
    setBusy(null);
  };

  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h2">
        Pending Invitations
      </Typography>
      <ErrorAlert error={invites.error} />
      <ErrorAlert error={accept.error ?? decline.error} />
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Access</TableCell>
              <TableCell>
                <VisuallyHidden>Actions</VisuallyHidden>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((invite) => {
              const name = targetName(invite);
              return (
                <TableRow key={invite.invite_guid}>
                  <TableCell>{name}</TableCell>
                  <TableCell>{targetKind(invite)}</TableCell>
                  <TableCell>
                    <AccessLevelLabel access={invite.access} />
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        aria-label={`Decline ${name}`}
                        disabled={busy !== null}
                        loading={busy === invite.invite_guid && decline.isPending}
                        onClick={() => onDecline(invite)}
                      >
                        Decline
                      </Button>
                      <Button
                        size="small"
                        variant="contained"
                        aria-label={`Accept ${name}`}
                        disabled={busy !== null}
                        loading={busy === invite.invite_guid && accept.isPending}
                        onClick={() => onAccept(invite)}
                      >
                        Accept
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
