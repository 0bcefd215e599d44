import {
  authInfoQuerySchema,
  authInfoSchema,
  authVerifyBodySchema,
  authVerifyResponseSchema,
  confirmSignUpBodySchema,
  currentSessionSchema,
  forgotPasswordBodySchema,
  refreshSessionBodySchema,
  resendConfirmationBodySchema,
  resetPasswordBodySchema,
  sessionTokenSchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
  totpSignInBodySchema,
} from '@ec/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.ts';
import { requireCaller } from './request-context.ts';

const errors = errorResponses(400, 401, 429);
const ok = z.object({ ok: z.literal(true) });
const done = { ok: true as const };

/** The identity provider's endpoints: sign-up, sign-in with its TOTP step, sessions and password reset. */
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
    (request) => auth.authInfo(request.query.email, request),
  );

  app.post(
    '/auth-verify',
    {
      schema: {
        tags,
        summary: 'Confirm the signed-in browser for the live channel (kept for the original clients)',
        body: authVerifyBodySchema,
        response: { 200: authVerifyResponseSchema, ...errors },
      },
    },
    (request) => {
      requireCaller(request);
      return { verified: true as const, identity_id: request.body.identityId };
    },
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
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body, request)),
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
      await auth.confirmSignUp(request.body.email, request.body.code, request);
      return done;
    },
  );

  app.post(
    '/auth/resend-confirmation',
    {
      schema: {
        tags,
        summary: 'E-mail a new confirmation code (at most once per 30 s)',
        body: resendConfirmationBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await auth.resendConfirmation(request.body.email, request);
      return done;
    },
  );

  app.post(
    '/auth/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password; accounts with TOTP get a challenge to answer',
        body: signInBodySchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    (request) => auth.signIn(request.body.email, request.body.password, request),
  );

  app.post(
    '/auth/sign-in/totp',
    {
      schema: {
        tags,
        summary: 'Answer the SOFTWARE_TOKEN_MFA challenge with a code from the authenticator app',
        body: totpSignInBodySchema,
        response: { 200: sessionTokenSchema, ...errors },
      },
    },
    (request) => auth.answerTotpChallenge(request.body.session, request.body.code, request),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Renew the access token; the refresh token is replaced',
        body: refreshSessionBodySchema,
        response: { 200: sessionTokenSchema, ...errors },
      },
    },
    (request) => auth.refresh(request.body.refresh_token),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset code',
        body: forgotPasswordBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, request);
      return done;
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed reset code; other sessions end',
        body: resetPasswordBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const { email, code, password } = request.body;
      await auth.resetPassword(email, code, password, request);
      return done;
    },
  );

  app.post(
    '/auth/sign-out',
    { schema: { tags, summary: 'End the current session on the server', response: { 200: ok, ...errors } } },
    async (request) => {
      await auth.signOut(requireCaller(request).token);
      return done;
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
