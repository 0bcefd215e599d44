import { type DeviceAccessRights, deviceAccessRights } from '@ec/contract/access';
import type { Db } from '../../db/database.ts';
import { deviceUsersReads } from '../../device-core/device-users/device-users.reads.ts';

/**
 * Fleet users of the fleets holding the device (spec 2 §6). Fleets come later: their work fills this
 * source (the caller's access in each fleet that holds the device); today there are none.
 */
async function fleetAccesses(_db: Db, _deviceGuid: string, _userGuid: string): Promise<number[]> {
  return [];
}

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
  const [{ orgAccess, deviceAccess }, fleets] = await Promise.all([
    deviceUsersReads(db).grantsOf(device.deviceGuid, orgGuid, user.userGuid),
    fleetAccesses(db, device.deviceGuid, user.userGuid),
  ]);
  return deviceAccessRights({
    orgAccess,
    deviceAccess,
    fleetAccesses: fleets,
    groups: user.groups,
  });
}
