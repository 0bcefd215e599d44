import type { AccessLevel } from '@ec/contract/access';
import type { InviteForm } from '@ec/contract/invites';
import type { UseMutationResult } from '@tanstack/react-query';
import { EditPermissionsDialog } from './edit-permissions-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { RemoveUserDialog } from './remove-user-dialog';
import type { TargetUserRow } from './user-rows';

/** Which dialog of a users table is open. */
export type UsersDialog =
  | { kind: 'invite' }
  | { kind: 'edit' }
  | { kind: 'remove'; user: TargetUserRow }
  | null;

/**
 * The dialogs of a device's or a fleet's users table: Invite User, Edit Permissions and Remove User,
 * one open at a time (`dialog`), each with the target's own call.
 */
export function TargetUsersDialogs(props: {
  dialog: UsersDialog;
  onClose: () => void;
  users: readonly TargetUserRow[];
  /** 'this device' / 'this fleet', in the Remove User question. */
  target: string;
  editTitle: string;
  editDescription: string;
  createInvite: UseMutationResult<unknown, Error, InviteForm>;
  save: UseMutationResult<unknown, Error, { user_guid: string; access: AccessLevel }[]>;
  remove: UseMutationResult<unknown, Error, string[]>;
}) {
  const { dialog, onClose } = props;
  return (
    <>
      <InviteUserDialog
        createInvite={props.createInvite}
        open={dialog?.kind === 'invite'}
        onClose={onClose}
      />
      <EditPermissionsDialog
        title={props.editTitle}
        description={props.editDescription}
        save={props.save}
        users={props.users}
        open={dialog?.kind === 'edit'}
        onClose={onClose}
      />
      <RemoveUserDialog
        target={props.target}
        user={dialog?.kind === 'remove' ? dialog.user : null}
        remove={props.remove}
        onClose={onClose}
      />
    </>
  );
}
