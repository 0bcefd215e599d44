import Stack from '@mui/material/Stack';
import { DeviceInvitesBox } from './device-invites-box';
import { DeviceUsersBox } from './device-users-box';

/**
 * The device page's Users tab (spec 2 §2.5, spec 3 §6): the device's users and its pending invites.
 * `canEdit` is the device's edit right from GET /devices/{guid}; without it nothing can be changed (and
 * the server, which only answers editors, has the last word).
 */
export function DeviceUsersTab(props: { deviceGuid: string; canEdit: boolean }) {
  return (
    <Stack spacing={2}>
      <DeviceUsersBox deviceGuid={props.deviceGuid} canEdit={props.canEdit} />
      <DeviceInvitesBox deviceGuid={props.deviceGuid} canEdit={props.canEdit} />
    </Stack>
  );
}
