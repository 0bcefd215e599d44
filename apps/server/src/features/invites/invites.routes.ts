import {
  acceptInviteResponseSchema,
  cancelInviteBodySchema,
  createInviteBodySchema,
  createInviteResponseSchema,
  inviteActionBodySchema,
  inviteParamsSchema,
  listInvitesQuerySchema,
  listInvitesResponseSchema,
} from '@ec/contract/invites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.ts';
import { requireCaller } from '../auth/request-context.ts';

const errors = errorResponses(400, 401, 403, 404);
const ok = z.object({ ok: z.literal(true) });

/** /invites: invitations to organizations and devices (spec 1 §7). Handlers only parse and call the service. */
export const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invites = app.services.invites;
  const tags = ['invites'];

  app.get(
    '/invites',
    {
      schema: {
        tags,
        summary:
          "A target's pending invites (org_guid, fleet_guid or device_guid), or without one the caller's own",
        querystring: listInvitesQuerySchema,
        response: { 200: listInvitesResponseSchema, ...errors },
      },
    },
    async (request) => invites.list(requireCaller(request).user, request.query),
  );

  app.post(
    '/invites',
    {
      schema: {
        tags,
        summary: 'Invite an e-mail address to an organization or a device (editors); re-inviting replaces',
        body: createInviteBodySchema,
        response: { 201: createInviteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await invites.create(requireCaller(request).user, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/invites/:invite_guid',
    {
      schema: {
        tags,
        summary: 'Cancel a pending invite (editors of its target)',
        params: inviteParamsSchema,
        body: cancelInviteBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await invites.cancel(requireCaller(request).user, request.params.invite_guid, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/invites/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invite addressed to your confirmed e-mail: join the organization or the device',
        body: inviteActionBodySchema,
        response: { 200: acceptInviteResponseSchema, ...errors },
      },
    },
    async (request) => invites.accept(requireCaller(request).user, request.body.invite_guid, app.devices),
  );

  app.post(
    '/invites/decline',
    {
      schema: {
        tags,
        summary: 'Decline an invite addressed to your confirmed e-mail',
        body: inviteActionBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await invites.decline(requireCaller(request).user, request.body.invite_guid);
      return { ok: true as const };
    },
  );
};
