import { ACCESS } from '@ec/contract/access';
import { errorResponseSchema } from '@ec/contract/common';
import {
  createOrgBodySchema,
  createOrgResponseSchema,
  getOrgResponseSchema,
  listOrgsQuerySchema,
  listOrgsResponseSchema,
  type Org,
} from '@ec/contract/orgs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { requireCaller } from '../../http/request-context.ts';
import { requireOrgMember } from './org-scope.ts';
import { orgsRepository } from './orgs.repository.ts';

const ORG_PAGE_SIZE = 50;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const presentOrg = (row: { orgGuid: string; orgName: string; access: number }): Org => ({
  org_guid: row.orgGuid,
  org_name: row.orgName,
  access: row.access as Org['access'],
});

export const orgsRoutes: FastifyPluginAsyncZod = async (app) => {
  const orgs = orgsRepository(app.db);
  const tags = ['organizations'];

  app.get(
    '/orgs',
    {
      schema: {
        tags,
        summary: "The caller's organizations, by name",
        querystring: listOrgsQuerySchema,
        response: { 200: listOrgsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { pagination_size = ORG_PAGE_SIZE, pagination_token, org_name, user_guid } = request.query;
      if (user_guid && user_guid !== caller.user.userGuid) {
        throw ApiError.forbidden('Only your own organizations can be listed here');
      }
      const after = decodePageToken(pagination_token, 2) as [string, string] | undefined;
      const rows = await orgs.listForUser({
        userGuid: caller.user.userGuid,
        nameContains: org_name?.trim() || undefined,
        after,
        limit: pagination_size + 1,
      });
      const { page, pagination_token: next } = pageOf(rows, pagination_size, (row) => [
        row.sortName,
        row.orgGuid,
      ]);
      return { orgs: page.map(presentOrg), pagination_token: next };
    },
  );

  app.post(
    '/orgs',
    {
      schema: {
        tags,
        summary: 'Create an organization; the creator becomes its admin',
        body: createOrgBodySchema,
        response: { 201: createOrgResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const org = await orgs.create(request.body.org_name, caller.user.userGuid, ACCESS.admin);
      return reply.status(201).send({ org_guid: org.orgGuid });
    },
  );

  app.get(
    '/orgs/:org_guid',
    {
      schema: {
        tags,
        summary: 'One organization with the caller’s access',
        params: z.object({ org_guid: z.uuid() }),
        response: { 200: getOrgResponseSchema, ...errors },
      },
    },
    async (request) => ({ org: presentOrg(await requireOrgMember(app, request, request.params.org_guid)) }),
  );
};
