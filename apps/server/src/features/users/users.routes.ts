import { userOperations as operations } from '@ec/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404);

/** /users: platform user administration (spec 1 §2.7, §6, §7). Handlers only parse and call the service. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.usersAdmin;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: (request) => users.list(requireCaller(request).user, request.query),
  });

  app.route({
    ...operationRoute(operations.groups, errors),
    handler: (request) => ({ groups: users.groups(requireCaller(request).user) }),
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => ({
      user: await users.get(requireCaller(request).user, request.params.user_guid),
    }),
  });

  app.route({
    ...operationRoute(operations.update, errors),
    handler: async (request) => ({
      user: await users.update(requireCaller(request).user, request.params.user_guid, request.body),
    }),
  });

  app.route({
    ...operationRoute(operations.delete, errors),
    handler: async (request) => {
      await users.delete(requireCaller(request).user, request.params.user_guid, request.body.reason);
      return { ok: true as const };
    },
  });

  app.route({
    ...operationRoute(operations.userGroups, errors),
    handler: async (request) => ({
      groups: await users.userGroups(requireCaller(request).user, request.params.user_guid),
    }),
  });

  app.route({
    ...operationRoute(operations.replaceGroups, errors),
    handler: async (request) => ({
      groups: await users.replaceGroups(
        requireCaller(request).user,
        request.params.user_guid,
        request.body.groups,
      ),
    }),
  });
};
