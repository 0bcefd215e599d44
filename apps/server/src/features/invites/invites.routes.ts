import { inviteOperations as operations } from '@ec/contract/invites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404);

/** /invites: invitations to organizations and devices (spec 1 §7). Handlers only parse and call the service. */
export const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invites = app.services.invites;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => invites.list(requireCaller(request).user, request.query),
  });

  app.route({
    ...operationRoute(operations.create, errors),
    handler: async (request, reply) => {
      const created = await invites.create(requireCaller(request).user, request.body);
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...operationRoute(operations.cancel, errors),
    handler: async (request) => {
      await invites.cancel(requireCaller(request).user, request.params.invite_guid, request.body);
      return { ok: true as const };
    },
  });

  app.route({
    ...operationRoute(operations.accept, errors),
    handler: async (request) =>
      invites.accept(requireCaller(request).user, request.body.invite_guid, app.services.deviceUsers),
  });

  app.route({
    ...operationRoute(operations.decline, errors),
    handler: async (request) => {
      await invites.decline(requireCaller(request).user, request.body.invite_guid);
      return { ok: true as const };
    },
  });
};
