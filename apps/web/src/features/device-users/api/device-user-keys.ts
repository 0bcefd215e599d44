import { queryRoots } from '../../../lib/query-keys';

/**
 * A device's users and pending invites sit under the device's key, so the live channel's refresh of a
 * device (and an organization switch) reaches them.
 */
export const deviceUserKeys = {
  users: (orgGuid: string | null, deviceGuid: string) =>
    [...queryRoots.device(orgGuid, deviceGuid), 'users'] as const,
  invites: (orgGuid: string | null, deviceGuid: string) =>
    [...queryRoots.device(orgGuid, deviceGuid), 'invites'] as const,
};
