import { hasGroup } from '@ec/contract/access';
import { type LiveEvent, liveHelloSchema, liveSubscribeSchema } from '@ec/contract/live';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { deviceUsersRepository } from '../../device-core/device-users/device-users.repository.ts';
import { authenticateToken } from '../auth/request-context.ts';
import type { UserRow } from '../auth/users.repository.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';

const HELLO_TIMEOUT_MS = 10_000;

function parseJson<S extends z.ZodType>(raw: Buffer, schema: S): z.output<S> | undefined {
  try {
    const result = schema.safeParse(JSON.parse(raw.toString('utf8')));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** Events that change which devices a device-only user may see. */
const GRANT_EVENTS: readonly LiveEvent['type'][] = ['device.users', 'device.forgotten'];

/**
 * What a socket of `user` in the organization may see: every device for its members and platform
 * DeviceManagement; for a person who is only a user of some of its devices, those devices (reloaded
 * when a device's users change); undefined for anyone else.
 */
async function liveAccess(app: FastifyInstance, user: UserRow, orgGuid: string) {
  const orgs = orgsRepository(app.db);
  if (await orgs.membership(orgGuid, user.userGuid)) return { mayView: undefined };
  if (hasGroup(user.groups, 'DeviceManagement') && (await orgs.find(orgGuid))) return { mayView: undefined };
  const grants = deviceUsersRepository(app.db);
  let granted = await grants.grantedDevices(orgGuid, user.userGuid);
  if (granted.size === 0) return undefined;
  const reload = () =>
    grants.grantedDevices(orgGuid, user.userGuid).then(
      (next) => {
        granted = next;
      },
      (error: unknown) => app.log.warn({ err: error }, 'live: reloading device grants failed'),
    );
  const mayView = (event: LiveEvent) => {
    if (!('device_guid' in event)) return true;
    if (GRANT_EVENTS.includes(event.type)) void reload();
    return granted.has(event.device_guid);
  };
  return { mayView };
}

/**
 * The live channel (/v1/live). Browsers cannot set headers on a WebSocket, so the first message
 * carries the token, the organization and what the page follows; the socket then receives those
 * changes until it closes or the session ends, and a `subscribe` message changes what it follows.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get('/live', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const send = (event: LiveEvent) => socket.send(JSON.stringify(event));
    const fail = (message: string) => {
      send({ type: 'error', message });
      socket.close(4401, message);
    };
    let joined: ReturnType<typeof app.liveHub.join> | undefined;
    let expiry: NodeJS.Timeout | undefined;
    const helloTimer = setTimeout(() => fail('No hello received'), HELLO_TIMEOUT_MS);

    socket.once('message', async (raw: Buffer) => {
      clearTimeout(helloTimer);
      try {
        const hello = liveHelloSchema.safeParse(JSON.parse(raw.toString('utf8')));
        if (!hello.success) return fail('The first message must be {type: "hello", access_token, org_guid}');
        const found = await authenticateToken(app, hello.data.access_token);
        if (!found) return fail('Your session has expired, please sign in again');
        const access = await liveAccess(app, found.user, hello.data.org_guid);
        if (!access) return fail('Organization not found');
        if (socket.readyState !== socket.OPEN) return;
        joined = app.liveHub.join(hello.data.org_guid, socket, hello.data.subscriptions, access.mayView);
        expiry = setTimeout(() => fail('Your session has expired'), found.expiresAt.getTime() - Date.now());
        send({ type: 'ready' });
        socket.on('message', (next: Buffer) => {
          const subscribe = parseJson(next, liveSubscribeSchema);
          if (subscribe) joined?.follow(subscribe.subscriptions);
          else send({ type: 'error', message: 'Expected {type: "subscribe", subscriptions}' });
        });
      } catch (error) {
        request.log.warn({ err: error }, 'live hello failed');
        fail('Invalid hello');
      }
    });

    socket.on('close', () => {
      clearTimeout(helloTimer);
      clearTimeout(expiry);
      joined?.leave();
    });
  });
};
