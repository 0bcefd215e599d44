import { hasGroup } from '@ec/contract/access';
import type { LiveEvent } from '@ec/contract/live';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { deviceUsersReads } from '../../device-core/device-users/device-users.reads.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';

export type LiveService = ReturnType<typeof createLiveService>;

/** Events that change which devices a device-only user may see. */
const GRANT_EVENTS: readonly LiveEvent['type'][] = ['device.users', 'device.forgotten'];

/** Who may follow an organization on the live channel (/v1/live), and which of its events. */
export function createLiveService(deps: { db: Db; log: FastifyBaseLogger }) {
  const orgs = orgsRepository(deps.db);
  const grants = deviceUsersReads(deps.db);

  return {
    /**
     * What a socket of `user` in the organization may see: every device for its members and platform
     * DeviceManagement; for a person who is only a user of some of its devices, those devices (reloaded
     * when a device's users change); undefined for anyone else.
     */
    async access(user: { userGuid: string; groups: readonly string[] }, orgGuid: string) {
      if (await orgs.membership(orgGuid, user.userGuid)) return { mayView: undefined };
      if (hasGroup(user.groups, 'DeviceManagement') && (await orgs.find(orgGuid)))
        return { mayView: undefined };
      let granted = await grants.grantedDevices(orgGuid, user.userGuid);
      if (granted.size === 0) return undefined;
      const reload = () =>
        grants.grantedDevices(orgGuid, user.userGuid).then(
          (next) => {
            granted = next;
          },
          (error: unknown) => deps.log.warn({ err: error }, 'live: reloading device grants failed'),
        );
      const mayView = (event: LiveEvent) => {
        if (!('device_guid' in event)) return true;
        if (GRANT_EVENTS.includes(event.type)) void reload();
        return granted.has(event.device_guid);
      };
      return { mayView };
    },
  };
}
