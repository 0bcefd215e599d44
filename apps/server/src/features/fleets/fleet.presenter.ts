import type { FleetAccessRights } from '@ec/contract/access';
import type { Fleet, FleetUser } from '@ec/contract/fleets';
import type { FleetUserListRow } from './fleets.repository.ts';

/** A fleet as the API answers it, with what the caller may do with it. */
export const presentFleet = (
  fleet: { fleetGuid: string; orgGuid: string; fleetName: string; createdAt: Date },
  rights: FleetAccessRights,
): Fleet => ({
  fleet_guid: fleet.fleetGuid,
  fleet_name: fleet.fleetName,
  org_guid: fleet.orgGuid,
  editable: rights.edit,
  controllable: rights.control,
  created_at: fleet.createdAt.toISOString(),
});

/** A row of the fleet users table: org_guid names the organization of a 'Managed by Org' row. */
export const presentFleetUser = (row: FleetUserListRow, orgGuid: string): FleetUser => ({
  user_guid: row.userGuid,
  access: row.access as FleetUser['access'],
  org_guid: row.managedBy === 'org' ? orgGuid : null,
  managed_by: row.managedBy,
  name: row.name,
  email: row.email,
});
