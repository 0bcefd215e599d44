import { type LiveEvent, liveHelloSchema } from '@ec/contract/live';
import type { FastifyPluginAsync } from 'fastify';
import { authenticateToken } from '../features/auth/request-context.ts';
import { orgsRepository } from '../features/orgs/orgs.repository.ts';

const HELLO_TIMEOUT_MS = 10_000;

/**
 * The live channel (/v1/live). Browsers cannot set headers on a WebSocket, so the first message
 * carries the token and the organization; the socket then receives that organization's changes
 * until it closes or the session ends.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const orgs = orgsRepository(app.db);

  app.get('/live', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const send = (event: LiveEvent) => socket.send(JSON.stringify(event));
    const fail = (message: string) => {
      send({ type: 'error', message });
      socket.close(4401, message);
    };
    let leave: (() => void) | undefined;
    let expiry: NodeJS.Timeout | undefined;
    const helloTimer = setTimeout(() => fail('No hello received'), HELLO_TIMEOUT_MS);

    socket.once('message', async (raw: Buffer) => {
      clearTimeout(helloTimer);
      try {
        const hello = liveHelloSchema.safeParse(JSON.parse(raw.toString('utf8')));
        if (!hello.success) return fail('The first message must be {type: "hello", access_token, org_guid}');
        const found = await authenticateToken(app, hello.data.access_token);
        if (!found) return fail('Your session has expired, please sign in again');
        const membership = await orgs.membership(hello.data.org_guid, found.user.userGuid);
        if (!membership) return fail('Organization not found');
        if (socket.readyState !== socket.OPEN) return;
        leave = app.liveHub.join(hello.data.org_guid, socket);
        expiry = setTimeout(() => fail('Your session has expired'), found.expiresAt.getTime() - Date.now());
        send({ type: 'ready' });
      } catch (error) {
        request.log.warn({ err: error }, 'live hello failed');
        fail('Invalid hello');
      }
    });

    socket.on('close', () => {
      clearTimeout(helloTimer);
      clearTimeout(expiry);
      leave?.();
    });
  });
};
