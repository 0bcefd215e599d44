import type { AccessLevel } from '@ec/contract/access';
import { INVITE_ERRORS } from '@ec/contract/invites';
import { errorCodeOf, parseErrorText } from '../../lib/api-error';

/** A row of a users table of a device or a fleet: its own users, and those managed elsewhere. */
export interface TargetUserRow {
  user_guid: string;
  name: string;
  email: string;
  access: AccessLevel;
  /** Who manages the row when it is not the target's own user: 'org' or (on a device) 'fleet'. */
  managed_by: string | null;
}

/** 'Managed by Org' / 'Managed by Fleet' for rows changed elsewhere (spec 2 §2.5, §6, spec 3 §6); null for the target's own. */
export function managedLabel(user: TargetUserRow): string | null {
  switch (user.managed_by) {
    case 'org':
      return 'Managed by Org';
    case 'fleet':
      return 'Managed by Fleet';
    default:
      return null;
  }
}

/** The target's own users: the only rows whose access can be changed or who can be removed there. */
export const ownUsers = <Row extends TargetUserRow>(users: readonly Row[]) =>
  users.filter((user) => user.managed_by === null);

/** Access levels changed in Edit Permissions and not saved yet, by user_guid. */
export type PermissionEdits = ReadonlyMap<string, AccessLevel>;

/**
 * What Save sends (PUT .../users): the own users whose level was changed, never a managed row, and
 * nothing for an edit that puts a level back.
 */
export function changedPermissions(users: readonly TargetUserRow[], edits: PermissionEdits) {
  return ownUsers(users).flatMap((user) => {
    const access = edits.get(user.user_guid);
    return access !== undefined && access !== user.access ? [{ user_guid: user.user_guid, access }] : [];
  });
}

const ALREADY_THERE: readonly string[] = [INVITE_ERRORS.alreadyDeviceUser, INVITE_ERRORS.alreadyFleetUser];

/**
 * An invite refused because the address already has access belongs at the e-mail field ('A user with
 * this email already exists on this device.' / '... in this fleet.', spec 2 §5); other failures do not.
 */
export function inviteFieldError(error: unknown): string | null {
  if (errorCodeOf(error) === 'ALREADY_MEMBER') return parseErrorText(error);
  const text = parseErrorText(error);
  return ALREADY_THERE.includes(text) ? text : null;
}
