import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { AccessLevelLabel } from '../../../components/ui/access-level-label';
import { EmptyTableRow } from '../../../components/ui/empty-table-row';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
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
  const rows = invites.data?.invites ?? [];
  const columns = props.canEdit ? 4 : 3;

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
        <ErrorAlert error={invites.error} />
        <ErrorAlert error={cancelInvite.error} />
        {invites.isFetching && <LinearProgress aria-label="Loading invites" />}
        <TableContainer>
          <Table size="small" aria-label="Invites">
            <TableHead>
              <TableRow>
                <TableCell>E-mail</TableCell>
                <TableCell>Access</TableCell>
                <TableCell>Invited</TableCell>
                {props.canEdit && (
                  <TableCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((invite) => (
                <TableRow key={invite.invite_guid}>
                  <TableCell>{invite.target_email}</TableCell>
                  <TableCell>
                    <AccessLevelLabel access={invite.access} />
                  </TableCell>
                  <TableCell>{formatTimestamp(invite.created_at)}</TableCell>
                  {props.canEdit && (
                    <TableCell align="right">
                      <Button
                        color="error"
                        size="small"
                        aria-label={`Cancel Invite for ${invite.target_email}`}
                        loading={cancelInvite.isPending && cancelInvite.variables === invite.invite_guid}
                        onClick={() => cancelInvite.mutate(invite.invite_guid)}
                      >
                        Cancel Invite
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {rows.length === 0 && !invites.isPending && (
                <EmptyTableRow colSpan={columns}>No pending invites</EmptyTableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
      {props.canEdit && (
        <InviteUserDialog orgGuid={props.orgGuid} open={inviting} onClose={() => setInviting(false)} />
      )}
    </Paper>
  );
}
