import { patOperations as operations } from '@ec/contract/pats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404);

/** /pats: personal access tokens (spec 1 §7). Handlers only parse and call the service. */
export const patsRoutes: FastifyPluginAsyncZod = async (app) => {
  const pats = app.services.pats;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => ({
      personal_access_tokens: await pats.list(requireCaller(request).user, request.query.user_guid),
    }),
  });

  app.route({
    ...operationRoute(operations.create, errors),
    handler: async (request, reply) => {
      const created = await pats.create(requireCaller(request).user, request.body);
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => pats.get(requireCaller(request).user, request.params.token_guid),
  });

  app.route({
    ...operationRoute(operations.revoke, errors),
    handler: async (request) => {
      await pats.revoke(requireCaller(request).user, request.params.token_guid);
      return { ok: true as const };
    },
  });
};
