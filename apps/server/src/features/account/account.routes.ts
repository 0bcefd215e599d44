import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  updateProfileBodySchema,
  verificationCodeBodySchema,
} from '@ec/contract/account';
import { sessionUserSchema, totpSetupSchema, totpVerifyBodySchema } from '@ec/contract/auth';
import { errorResponseSchema, guidSchema } from '@ec/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const ok = z.object({ ok: z.literal(true) });
const done = { ok: true as const };
const user = { 200: sessionUserSchema, ...errors };

/** /account: what a signed-in user changes about their own account (spec 1 §2.5, §4.4). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = app.services.account;
  const tags = ['account'];

  app.addContentTypeParser(
    [...PROFILE_PICTURE_TYPES],
    { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.patch(
    '/account',
    {
      schema: {
        tags,
        summary: 'Update name, phone, locale and timezone',
        body: updateProfileBodySchema,
        response: user,
      },
    },
    (request) => account.updateProfile(requireCaller(request).user, request.body),
  );

  app.post(
    '/account/email',
    {
      schema: {
        tags,
        summary: 'Change the e-mail address: a code is sent to the new one',
        body: changeEmailBodySchema,
        response: user,
      },
    },
    (request) => account.requestEmailChange(requireCaller(request).user, request.body.email, request),
  );

  app.post(
    '/account/email/resend',
    {
      schema: {
        tags,
        summary: 'Send the e-mail verification code again (once per 30 s)',
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await account.resendEmailCode(requireCaller(request).user, request);
      return done;
    },
  );

  app.post(
    '/account/email/verify',
    {
      schema: {
        tags,
        summary: 'Verify the new e-mail address with its code',
        body: verificationCodeBodySchema,
        response: user,
      },
    },
    (request) => account.verifyEmail(requireCaller(request).user, request.body.code, request),
  );

  app.delete(
    '/account/email',
    { schema: { tags, summary: 'Cancel an e-mail change waiting for verification', response: user } },
    (request) => account.cancelEmailChange(requireCaller(request).user),
  );

  app.post(
    '/account/phone/code',
    {
      schema: {
        tags,
        summary: "Text a verification code to the profile's phone number (once per 30 s)",
        response: { 200: ok, 502: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await account.sendPhoneCode(requireCaller(request).user, request);
      return done;
    },
  );

  app.post(
    '/account/phone/verify',
    {
      schema: {
        tags,
        summary: 'Verify the phone number with the texted code',
        body: verificationCodeBodySchema,
        response: user,
      },
    },
    (request) => account.verifyPhone(requireCaller(request).user, request.body.code, request),
  );

  app.post(
    '/account/password',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        body: changePasswordBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      await account.changePassword(caller.user, request.body, caller.token, request);
      return done;
    },
  );

  app.post(
    '/account/totp',
    {
      schema: {
        tags,
        summary: 'A new TOTP secret for an authenticator app (not active until verified)',
        response: { 200: totpSetupSchema, ...errors },
      },
    },
    (request) => account.setUpTotp(requireCaller(request).user),
  );

  app.post(
    '/account/totp/verify',
    {
      schema: {
        tags,
        summary: 'Turn TOTP on with a code from the app',
        body: totpVerifyBodySchema,
        response: user,
      },
    },
    (request) => account.verifyTotp(requireCaller(request).user, request.body.code, request),
  );

  app.delete(
    '/account/mfa',
    {
      schema: {
        tags,
        summary: 'Turn multi-factor authentication off (not for SSO accounts)',
        response: user,
      },
    },
    (request) => account.disableMfa(requireCaller(request).user),
  );

  app.delete(
    '/account',
    {
      schema: {
        tags,
        summary: 'Delete the account, giving a reason',
        body: deleteAccountBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await account.deleteAccount(requireCaller(request).user, request.body.reason);
      return done;
    },
  );

  app.put(
    '/account/picture',
    {
      schema: {
        tags,
        summary: 'Upload the profile picture (PNG or JPEG, up to 1 MiB), stored as profile.png',
        consumes: [...PROFILE_PICTURE_TYPES],
        response: user,
      },
    },
    (request) => {
      const caller = requireCaller(request);
      if (!Buffer.isBuffer(request.body))
        throw ApiError.badRequest('Send the picture as image/png or image/jpeg.');
      return account.savePicture(caller.user, request.body);
    },
  );

  app.get(
    '/users/:user_guid/picture',
    {
      schema: {
        tags,
        summary: "A user's profile picture: one's own, or anyone's for user administrators",
        params: z.object({ user_guid: guidSchema }),
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const userGuid = request.params.user_guid;
      if (userGuid !== caller.user.userGuid && !caller.user.groups.includes('UserManagement'))
        throw ApiError.forbidden();
      const picture = await account.readPicture(userGuid);
      if (!picture) throw ApiError.notFound('No profile picture');
      return reply
        .type(picture.contentType)
        .header('cache-control', 'private, max-age=31536000')
        .send(picture.data);
    },
  );
};
