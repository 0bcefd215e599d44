import {
  accountOperations as operations,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
} from '@ec/contract/account';
import { sessionUserSchema } from '@ec/contract/auth';
import { errorResponseSchema } from '@ec/contract/common';
import { userParamsSchema } from '@ec/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const done = { ok: true as const };

/** /account: what a signed-in user changes about their own account (spec 1 §2.5, §4.4). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = app.services.account;
  const tags = ['account'];

  app.addContentTypeParser(
    [...PROFILE_PICTURE_TYPES],
    { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...operationRoute(operations.updateProfile, errors),
    handler: (request) => account.updateProfile(requireCaller(request).user, request.body),
  });

  app.route({
    ...operationRoute(operations.changeEmail, errors),
    handler: (request) =>
      account.requestEmailChange(requireCaller(request).user, request.body.email, request),
  });

  app.route({
    ...operationRoute(operations.resendEmailCode, errors),
    handler: async (request) => {
      await account.resendEmailCode(requireCaller(request).user, request);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.verifyEmail, errors),
    handler: (request) => account.verifyEmail(requireCaller(request).user, request.body.code, request),
  });

  app.route({
    ...operationRoute(operations.cancelEmailChange, errors),
    handler: (request) => account.cancelEmailChange(requireCaller(request).user),
  });

  app.route({
    ...operationRoute(operations.sendPhoneCode, { ...errors, 502: errorResponseSchema }),
    handler: async (request) => {
      await account.sendPhoneCode(requireCaller(request).user, request);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.verifyPhone, errors),
    handler: (request) => account.verifyPhone(requireCaller(request).user, request.body.code, request),
  });

  app.route({
    ...operationRoute(operations.changePassword, errors),
    handler: async (request) => {
      const caller = requireCaller(request);
      await account.changePassword(caller.user, request.body, caller.token, request);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.setUpTotp, errors),
    handler: (request) => account.setUpTotp(requireCaller(request).user),
  });

  app.route({
    ...operationRoute(operations.verifyTotp, errors),
    handler: (request) => account.verifyTotp(requireCaller(request).user, request.body.code, request),
  });

  app.route({
    ...operationRoute(operations.disableMfa, errors),
    handler: (request) => account.disableMfa(requireCaller(request).user),
  });

  app.route({
    ...operationRoute(operations.delete, errors),
    handler: async (request) => {
      await account.deleteAccount(requireCaller(request).user, request.body.reason);
      return done;
    },
  });

  // The picture travels as a file, not as JSON: plain routes (decision 62).
  app.put(
    '/account/picture',
    {
      schema: {
        tags,
        summary: 'Upload the profile picture (PNG or JPEG, up to 1 MiB), stored as profile.png',
        consumes: [...PROFILE_PICTURE_TYPES],
        response: { 200: sessionUserSchema, ...errors },
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
        params: userParamsSchema,
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
