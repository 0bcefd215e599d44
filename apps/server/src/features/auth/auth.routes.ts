import {
  authInfoQuerySchema,
  authInfoSchema,
  confirmSignUpBodySchema,
  currentSessionSchema,
  resendConfirmationBodySchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
} from '@ec/contract/auth';
import { errorResponseSchema } from '@ec/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/request-context.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const ok = z.object({ ok: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const tags = ['identity'];

  app.get(
    '/auth-info',
    {
      schema: {
        tags,
        summary: 'How an e-mail signs in',
        querystring: authInfoQuerySchema,
        response: { 200: authInfoSchema, ...errors },
      },
    },
    (request) => auth.authInfo(request.query.email),
  );

  app.post(
    '/auth/sign-up',
    {
      schema: {
        tags,
        summary: 'Create an account; a confirmation code is e-mailed',
        body: signUpBodySchema,
        response: { 201: signUpResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body)),
  );

  app.post(
    '/auth/confirm-sign-up',
    {
      schema: {
        tags,
        summary: 'Confirm an account with the e-mailed code',
        body: confirmSignUpBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await auth.confirmSignUp(request.body.email, request.body.code);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/resend-confirmation',
    {
      schema: {
        tags,
        summary: 'E-mail a new confirmation code',
        body: resendConfirmationBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await auth.resendConfirmation(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: signInBodySchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    (request) => auth.signIn(request.body.email, request.body.password),
  );

  app.post(
    '/auth/sign-out',
    { schema: { tags, summary: 'End the current session on the server', response: { 200: ok, ...errors } } },
    async (request) => {
      await auth.signOut(requireCaller(request).token);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags,
        summary: 'The signed-in user and when the session ends',
        response: { 200: currentSessionSchema, ...errors },
      },
    },
    (request) => {
      const caller = requireCaller(request);
      return auth.currentSession(caller.user.userGuid, caller.expiresAt);
    },
  );
};
