import { publicConfigSchema } from '@ec/contract/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  broker: z.object({ ok: z.boolean(), embedded: z.boolean() }),
});

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Public settings the console needs before sign-in',
        response: { 200: publicConfigSchema },
      },
    },
    () => ({
      deployment_name: app.config.DEPLOYMENT_NAME,
      support_url: app.config.SUPPORT_URL,
      debug: app.config.LOG_LEVEL === 'debug',
      banner: app.config.BANNER ?? null,
    }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'State of the database and the broker',
        response: { 200: healthSchema },
      },
    },
    async () => {
      const database = await app.database.ping().catch(() => false);
      const broker = app.deviceLink.isConnected();
      return {
        status: database && broker ? ('ok' as const) : ('degraded' as const),
        database: { ok: database, kind: app.database.kind },
        broker: { ok: broker, embedded: app.deviceLink.embedded },
      };
    },
  );
};
