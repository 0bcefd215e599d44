import type { DeviceUser } from '@ec/contract/device-users';
import type { DeviceUserListRow } from '../../device-core/device-users/device-users.reads.ts';

/** A row of the device's user list as the API answers it (spec 3 §3.12 plus what the console shows). */
export const presentDeviceUser = (row: DeviceUserListRow, orgGuid: string): DeviceUser => ({
  user_guid: row.userGuid,
  access: row.access as DeviceUser['access'],
  org_guid: row.managedBy === 'org' ? orgGuid : null,
  fleet_guid: row.fleetGuid,
  managed_by: row.managedBy,
  name: row.name,
  email: row.email,
});
