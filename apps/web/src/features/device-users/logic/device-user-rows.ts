import type { DeviceUser } from '@ec/contract/device-users';

// The rules of a users table are shared with the fleet's (components/users).
export {
  changedPermissions,
  inviteFieldError,
  managedLabel,
  ownUsers,
  type PermissionEdits,
} from '../../../components/users/user-rows';

/**
 * A member of the organization who is also a user of the device appears twice (the managed row and
 * their own), so a row is keyed by who manages it as well.
 */
export const deviceUserRowKey = (user: DeviceUser) => `${user.user_guid}:${user.managed_by ?? 'device'}`;
