import { platformOperations as operations } from '@ec/contract/platform';
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
