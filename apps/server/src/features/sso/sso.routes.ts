import { ssoOperations as operations } from '@ec/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { RATE_LIMITS, rateLimiter } from '../../http/rate-limiter.ts';

const errors = errorResponses(400, 404, 429, 502);

/** Single sign-on: start at the provider, come back with code and state (spec 1 §4.1 item 7). */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const sso = app.services.sso;
  const limits = rateLimiter(app.db);

  app.route({
    ...operationRoute(operations.authorize, errors),
    handler: async (request) => {
      await limits.hit([{ key: `sso:ip:${request.ip}`, rule: RATE_LIMITS.ssoPerAddress }]);
      return sso.authorizationUrl(request.params.provider, request.query.email);
    },
  });

  app.route({
    ...operationRoute(operations.complete, errors),
    handler: async (request) => {
      await limits.hit([{ key: `sso:ip:${request.ip}`, rule: RATE_LIMITS.ssoPerAddress }]);
      return sso.complete(request.body);
    },
  });
};
