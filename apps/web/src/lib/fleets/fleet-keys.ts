import { queryRoots } from '../query-keys';

/**
 * Fleet queries sit under the selected organization (a fleet belongs to one), so switching
 * organizations never shows another organization's fleets, and one invalidation of `all` refreshes
 * the list, the fleet and its parts after a change.
 */
export const fleetKeys = {
  all: (orgGuid: string | null) => [...queryRoots.org(orgGuid), 'fleets'] as const,
  page: (
    orgGuid: string | null,
    params: { fleet_name?: string; user_guid?: string; pagination_token?: string | null },
  ) => [...queryRoots.org(orgGuid), 'fleets', 'page', params] as const,
  one: (orgGuid: string | null, fleetGuid: string) =>
    [...queryRoots.org(orgGuid), 'fleets', 'one', fleetGuid] as const,
  /** The fleet's status tiles: refreshed by the live channel when one of its devices changes. */
  status: (orgGuid: string | null, fleetGuid: string) =>
    [...queryRoots.org(orgGuid), 'fleets', 'one', fleetGuid, 'status'] as const,
  devices: (orgGuid: string | null, fleetGuid: string, paginationToken?: string | null) =>
    [...queryRoots.org(orgGuid), 'fleets', 'one', fleetGuid, 'devices', paginationToken ?? null] as const,
  users: (orgGuid: string | null, fleetGuid: string) =>
    [...queryRoots.org(orgGuid), 'fleets', 'one', fleetGuid, 'users'] as const,
  events: (orgGuid: string | null, fleetGuid: string) =>
    [...queryRoots.org(orgGuid), 'fleets', 'one', fleetGuid, 'events'] as const,
};
