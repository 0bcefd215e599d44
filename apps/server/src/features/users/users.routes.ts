import {
  deleteUserBodySchema,
  getUserResponseSchema,
  listGroupsResponseSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  updateUserBodySchema,
  userGroupsSchema,
  userParamsSchema,
} from '@ec/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404);

/** /users: platform user administration (spec 1 §2.7, §6, §7). Handlers only parse and call the service. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.usersAdmin;
  const tags = ['user administration'];

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Search users by name, e-mail or phone, by name (UserManagement)',
        querystring: listUsersQuerySchema,
        response: { 200: listUsersResponseSchema, ...errors },
      },
    },
    (request) => users.list(requireCaller(request).user, request.query),
  );

  app.get(
    '/users/groups',
    {
      schema: {
        tags,
        summary: 'The platform groups that can be granted (any platform admin)',
        response: { 200: listGroupsResponseSchema, ...errors },
      },
    },
    (request) => ({ groups: users.groups(requireCaller(request).user) }),
  );

  app.get(
    '/users/:user_guid',
    {
      schema: {
        tags,
        summary: 'One user (oneself, or anyone for UserManagement)',
        params: userParamsSchema,
        response: { 200: getUserResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: await users.get(requireCaller(request).user, request.params.user_guid) }),
  );

  app.patch(
    '/users/:user_guid',
    {
      schema: {
        tags,
        summary: "Edit a user's name, e-mail and phone (oneself, or anyone for UserManagement)",
        params: userParamsSchema,
        body: updateUserBodySchema,
        response: { 200: getUserResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: await users.update(requireCaller(request).user, request.params.user_guid, request.body),
    }),
  );

  app.delete(
    '/users/:user_guid',
    {
      schema: {
        tags,
        summary:
          'Delete a user with their sessions, tokens and memberships; the reason is logged (UserManagement)',
        params: userParamsSchema,
        body: deleteUserBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await users.delete(requireCaller(request).user, request.params.user_guid, request.body.reason);
      return { ok: true as const };
    },
  );

  app.get(
    '/users/:user_guid/groups',
    {
      schema: {
        tags,
        summary: "A user's platform groups (UserManagement)",
        params: userParamsSchema,
        response: { 200: userGroupsSchema, ...errors },
      },
    },
    async (request) => ({
      groups: await users.userGroups(requireCaller(request).user, request.params.user_guid),
    }),
  );

  app.put(
    '/users/:user_guid/groups',
    {
      schema: {
        tags,
        summary: "Replace a user's platform groups (UserManagement)",
        params: userParamsSchema,
        body: userGroupsSchema,
        response: { 200: userGroupsSchema, ...errors },
      },
    },
    async (request) => ({
      groups: await users.replaceGroups(
        requireCaller(request).user,
        request.params.user_guid,
        request.body.groups,
      ),
    }),
  );
};
