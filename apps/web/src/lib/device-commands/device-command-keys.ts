import { queryRoots } from '../query-keys';

/**
 * The keys of the device commands' queries. A command and the logs sit under the device's root, so the
 * live channel's `device.command` event (and a reconnection) refresh them.
 */
export const deviceCommandKeys = {
  command: (orgGuid: string | null, deviceGuid: string, commandGuid: string) =>
    [...queryRoots.device(orgGuid, deviceGuid), 'commands', commandGuid] as const,
  logs: (orgGuid: string | null, deviceGuid: string) =>
    [...queryRoots.device(orgGuid, deviceGuid), 'logs'] as const,
  /** Not the organization's data: whether this browser reaches an address on its own network. */
  localAccess: (deviceIp: string) => ['device-local-access', deviceIp] as const,
};
