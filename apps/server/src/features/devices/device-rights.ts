import { type DeviceAccessRights, deviceAccessRights } from '@ec/contract/access';
import type { Db } from '../../db/database.ts';
import { deviceUsersReads } from '../../device-core/device-users/device-users.reads.ts';

/**
 * Loads everything that grants `user` access to an adopted device (membership of its organization,
 * its device users, fleets) and decides with the contract's `deviceAccessRights`. An unadopted device
 * is reached by nobody through the device calls; the provisioning calls list it.
 */
export async function loadDeviceRights(
  db: Db,
  user: { userGuid: string; groups: readonly string[] },
  device: { deviceGuid: string; orgGuid: string | null },
): Promise<DeviceAccessRights> {
  const { orgGuid } = device;
  if (!orgGuid)
    return deviceAccessRights({ orgAccess: null, deviceAccess: null, fleetAccesses: [], groups: [] });
  const grants = await deviceUsersReads(db).grantsOf(device.deviceGuid, orgGuid, user.userGuid);
  return deviceAccessRights({ ...grants, groups: user.groups });
}
