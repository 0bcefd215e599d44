import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { TargetInvitesTable } from '../../../components/invites/target-invites-table';
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
        <TargetInvitesTable
          label="Invites"
          invites={invites.data?.invites ?? []}
          query={invites}
          cancel={cancelInvite}
          canEdit={props.canEdit}
        />
      </Stack>
      {props.canEdit && (
        <InviteUserDialog orgGuid={props.orgGuid} open={inviting} onClose={() => setInviting(false)} />
      )}
    </Paper>
  );
}
