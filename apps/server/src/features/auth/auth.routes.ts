import { authOperations as operations } from '@ec/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from './request-context.ts';

const errors = errorResponses(400, 401, 429);
const done = { ok: true as const };

/** The identity provider's endpoints: sign-up, sign-in with its TOTP step, sessions and password reset. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;

  app.route({
    ...operationRoute(operations.info, errors),
    handler: (request) => auth.authInfo(request.query.email, request),
  });

  app.route({
    ...operationRoute(operations.verify, errors),
    handler: (request) => {
      requireCaller(request);
      return { verified: true as const, identity_id: request.body.identityId };
    },
  });

  app.route({
    ...operationRoute(operations.signUp, errors),
    handler: async (request, reply) => reply.status(201).send(await auth.signUp(request.body, request)),
  });

  app.route({
    ...operationRoute(operations.confirmSignUp, errors),
    handler: async (request) => {
      await auth.confirmSignUp(request.body.email, request.body.code, request);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.resendConfirmation, errors),
    handler: async (request) => {
      await auth.resendConfirmation(request.body.email, request);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.signIn, errors),
    handler: (request) => auth.signIn(request.body.email, request.body.password, request),
  });

  app.route({
    ...operationRoute(operations.answerTotp, errors),
    handler: (request) => auth.answerTotpChallenge(request.body.session, request.body.code, request),
  });

  app.route({
    ...operationRoute(operations.refresh, errors),
    handler: (request) => auth.refresh(request.body.refresh_token),
  });

  app.route({
    ...operationRoute(operations.forgotPassword, errors),
    handler: async (request) => {
      await auth.forgotPassword(request.body.email, request);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.resetPassword, errors),
    handler: async (request) => {
      const { email, code, password } = request.body;
      await auth.resetPassword(email, code, password, request);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.signOut, errors),
    handler: async (request) => {
      await auth.signOut(requireCaller(request).token);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.session, errors),
    handler: (request) => {
      const caller = requireCaller(request);
      return auth.currentSession(caller.user.userGuid, caller.expiresAt);
    },
  });
};
