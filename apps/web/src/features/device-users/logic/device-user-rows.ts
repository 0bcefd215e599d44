import type { AccessLevel } from '@ec/contract/access';
import type { DeviceUser } from '@ec/contract/device-users';
import { INVITE_ERRORS } from '@ec/contract/invites';
import { errorCodeOf, parseErrorText } from '../../../lib/api-error';

/**
 * A member of the organization who is also a user of the device appears twice (the managed row and
 * their own), so a row is keyed by who manages it as well.
 */
export const deviceUserRowKey = (user: DeviceUser) => `${user.user_guid}:${user.managed_by ?? 'device'}`;

/** 'Managed by Org' / 'Managed by Fleet' for rows changed elsewhere (spec 2 §2.5, spec 3 §6); null for the device's own. */
export function managedLabel(user: DeviceUser): string | null {
  switch (user.managed_by) {
    case 'org':
      return 'Managed by Org';
    case 'fleet':
      return 'Managed by Fleet';
    default:
      return null;
  }
}

/** The device's own users: the only rows whose access can be changed or who can be removed here. */
export const ownUsers = (users: readonly DeviceUser[]) => users.filter((user) => user.managed_by === null);

/** Access levels changed in Edit Device Permissions and not saved yet, by user_guid. */
export type PermissionEdits = ReadonlyMap<string, AccessLevel>;

/**
 * What Save sends (PUT /devices/{guid}/users): the device's own users whose level was changed, never a
 * managed row (spec 3 §6), and nothing for an edit that puts a level back.
 */
export function changedPermissions(users: readonly DeviceUser[], edits: PermissionEdits) {
  return ownUsers(users).flatMap((user) => {
    const access = edits.get(user.user_guid);
    return access !== undefined && access !== user.access ? [{ user_guid: user.user_guid, access }] : [];
  });
}

/**
 * An invite refused because the address already has access to the device belongs at the e-mail field
 * (spec 3 §5 'A user with this email already exists on this device.'); other failures do not.
 */
export function inviteFieldError(error: unknown): string | null {
  if (errorCodeOf(error) === 'ALREADY_MEMBER') return parseErrorText(error);
  return parseErrorText(error) === INVITE_ERRORS.alreadyDeviceUser ? INVITE_ERRORS.alreadyDeviceUser : null;
}
