import { type LiveEvent, liveHelloSchema, liveSubscribeSchema } from '@ec/contract/live';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { authenticateToken } from '../auth/request-context.ts';

const HELLO_TIMEOUT_MS = 10_000;

function parseJson<S extends z.ZodType>(raw: Buffer, schema: S): z.output<S> | undefined {
  try {
    const result = schema.safeParse(JSON.parse(raw.toString('utf8')));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
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
        const access = await app.services.live.access(found.user, hello.data.org_guid);
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
