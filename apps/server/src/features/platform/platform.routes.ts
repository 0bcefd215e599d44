import { platformOperations as operations, readinessSchema } from '@ec/contract/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../http/operation-route.ts';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.config, {}),
    handler: () => ({
      deployment_name: app.config.DEPLOYMENT_NAME,
      support_url: app.config.SUPPORT_URL,
      debug: app.config.LOG_LEVEL === 'debug',
      banner: app.config.BANNER ?? null,
    }),
  });

  // Set once the server is told to stop: a load balancer stops sending it requests before it closes.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.route({
    ...operationRoute(operations.liveness, {}),
    handler: () => ({ status: 'ok' as const }),
  });
  app.route({
    ...operationRoute(operations.readiness, { 503: readinessSchema }),
    handler: async (_request, reply) => {
      const database = await app.database.ping().catch(() => false);
      const broker = app.deviceLink.isConnected();
      const ready = database && broker && !stopping;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        database,
        broker,
        stopping,
        ingest_backlog: app.deviceLink.ingestBacklog(),
      });
    },
  });

  app.route({
    ...operationRoute(operations.health, {}),
    handler: async () => {
      const database = await app.database.ping().catch(() => false);
      const broker = app.deviceLink.isConnected();
      return {
        status: database && broker ? ('ok' as const) : ('degraded' as const),
        database: { ok: database, kind: app.database.kind },
        broker: { ok: broker, embedded: app.deviceLink.embedded },
      };
    },
  });
};
