import Button from '@mui/material/Button';
import { useState } from 'react';
import { TargetInvitesTable } from '../../../components/invites/target-invites-table';
import { SectionCard } from '../../../components/ui/section-card';
import { useCancelInvite } from '../api/cancel-invite';
import { useOrgInvites } from '../api/get-target-invites';
import { InviteUserDialog } from './invite-user-dialog';

/**
 * An organization's pending invites (spec 1 §2.6): members see them, editors invite users and cancel
 * invites. Up to 200 rows.
 */
export function OrgInvitesBox(props: { orgGuid: string; canEdit: boolean }) {
  const invites = useOrgInvites(props.orgGuid);
  const cancelInvite = useCancelInvite(props.orgGuid);
  const [inviting, setInviting] = useState(false);
  return (
    <SectionCard
      title="Invites"
      titleVariant="h6"
      actions={
        props.canEdit && (
          <Button variant="contained" onClick={() => setInviting(true)}>
            Invite User
          </Button>
        )
      }
    >
      <TargetInvitesTable
        label="Invites"
        invites={invites.data?.invites ?? []}
        query={invites}
        cancel={cancelInvite}
        canEdit={props.canEdit}
      />
      {props.canEdit && (
        <InviteUserDialog orgGuid={props.orgGuid} open={inviting} onClose={() => setInviting(false)} />
      )}
    </SectionCard>
  );
}
