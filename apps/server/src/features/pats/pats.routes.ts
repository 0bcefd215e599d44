import {
  createPatBodySchema,
  createPatResponseSchema,
  listPatsQuerySchema,
  listPatsResponseSchema,
  patParamsSchema,
} from '@ec/contract/pats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404);

/** /pats: personal access tokens (spec 1 §7). Handlers only parse and call the service. */
export const patsRoutes: FastifyPluginAsyncZod = async (app) => {
  const pats = app.services.pats;
  const tags = ['access tokens'];

  app.get(
    '/pats',
    {
      schema: {
        tags,
        summary: "A user's access tokens, newest first (another user's needs UserManagement)",
        querystring: listPatsQuerySchema,
        response: { 200: listPatsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      personal_access_tokens: await pats.list(requireCaller(request).user, request.query.user_guid),
    }),
  );

  app.post(
    '/pats',
    {
      schema: {
        tags,
        summary: 'Create an access token for the caller; its value is shown only in this answer',
        body: createPatBodySchema,
        response: { 201: createPatResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await pats.create(requireCaller(request).user, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/pats/:token_guid',
    {
      schema: {
        tags,
        summary: "Revoke one of the caller's access tokens",
        params: patParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await pats.revoke(requireCaller(request).user, request.params.token_guid);
      return { ok: true as const };
    },
  );
};
