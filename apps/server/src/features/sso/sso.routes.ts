import {
  sessionTokenSchema,
  ssoAuthorizeParamsSchema,
  ssoAuthorizeQuerySchema,
  ssoAuthorizeResponseSchema,
  ssoCompleteBodySchema,
} from '@ec/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { RATE_LIMITS, rateLimiter } from '../../http/rate-limiter.ts';

const errors = errorResponses(400, 404, 429, 502);

/** Single sign-on: start at the provider, come back with code and state (spec 1 §4.1 item 7). */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const sso = app.services.sso;
  const limits = rateLimiter(app.db);
  const tags = ['identity'];

  app.get(
    '/auth/sso/:provider/authorize',
    {
      schema: {
        tags,
        summary: "The provider's sign-in URL for a new round trip (PKCE, state and nonce kept by the server)",
        params: ssoAuthorizeParamsSchema,
        querystring: ssoAuthorizeQuerySchema,
        response: { 200: ssoAuthorizeResponseSchema, ...errors },
      },
    },
    async (request) => {
      await limits.hit([{ key: `sso:ip:${request.ip}`, rule: RATE_LIMITS.ssoPerAddress }]);
      return sso.authorizationUrl(request.params.provider, request.query.email);
    },
  );

  app.post(
    '/auth/sso/complete',
    {
      schema: {
        tags,
        summary: 'Finish single sign-on with the code and state the provider returned',
        body: ssoCompleteBodySchema,
        response: { 200: sessionTokenSchema, ...errors },
      },
    },
    async (request) => {
      await limits.hit([{ key: `sso:ip:${request.ip}`, rule: RATE_LIMITS.ssoPerAddress }]);
      return sso.complete(request.body);
    },
  );
};
