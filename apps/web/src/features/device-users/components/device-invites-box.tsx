import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { TargetInvitesTable } from '../../../components/invites/target-invites-table';
import { useCancelDeviceInvite } from '../api/cancel-device-invite';
import { useDeviceInvites } from '../api/get-device-invites';

/** The device's Pending Invites, up to 200 (spec 2 §2.5); editors cancel them. */
export function DeviceInvitesBox(props: { deviceGuid: string; canEdit: boolean }) {
  const headingId = useId();
  const invites = useDeviceInvites(props.deviceGuid);
  const cancelInvite = useCancelDeviceInvite(props.deviceGuid);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h3" component="h2">
          Pending Invites
        </Typography>
        <TargetInvitesTable
          label="Pending Invites"
          invites={invites.data?.invites ?? []}
          query={invites}
          cancel={cancelInvite}
          canEdit={props.canEdit}
        />
      </Stack>
    </Paper>
  );
}
