import { hasGroup } from '@ec/contract/access';
import { type Org, type OrgUser, orgOperations as operations } from '@ec/contract/orgs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireOrgAccess } from './org-scope.ts';

const errors = errorResponses(400, 401, 403, 404);

const presentOrg = (row: { orgGuid: string; orgName: string; access: number }): Org => ({
  org_guid: row.orgGuid,
  org_name: row.orgName,
  access: row.access as Org['access'],
});

const presentMember = (row: { userGuid: string; name: string; email: string; access: number }): OrgUser => ({
  user_guid: row.userGuid,
  name: row.name,
  email: row.email,
  access: row.access as OrgUser['access'],
});

const done = { ok: true as const };

export const orgsRoutes: FastifyPluginAsyncZod = async (app) => {
  const orgs = app.services.orgs;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const caller = requireCaller(request);
      const { user_guid, scope } = request.query;
      const all = scope === 'all';
      const others = !all && Boolean(user_guid) && user_guid !== caller.user.userGuid;
      // Every organization: for holders of OrganizationManagement, who manage each as its admin (decision 21).
      if (all && !hasGroup(caller.user.groups, 'OrganizationManagement'))
        throw ApiError.forbidden('Only organization managers can list every organization');
      if (all && user_guid)
        throw ApiError.badRequest('scope=all lists every organization: leave out user_guid');
      // The admin user page lists a user's organizations: for holders of UserManagement only.
      if (others && !hasGroup(caller.user.groups, 'UserManagement'))
        throw ApiError.forbidden('Only your own organizations can be listed here');

      const { page, pagination_token } = await orgs.list(
        all ? 'all' : { userGuid: others && user_guid ? user_guid : caller.user.userGuid },
        request.query,
      );
      return { orgs: page.map(presentOrg), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.create, errors),
    handler: async (request, reply) => {
      const caller = requireCaller(request);
      const org = await orgs.create(request.body.org_name, caller.user.userGuid);
      return reply.status(201).send({ org_guid: org.orgGuid });
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => ({
      org: presentOrg(await requireOrgAccess(app, request, request.params.org_guid, 'read')),
    }),
  });

  app.route({
    ...operationRoute(operations.rename, errors),
    handler: async (request) => {
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'edit');
      await orgs.rename(scope.orgGuid, request.body.org_name);
      return { org: presentOrg({ ...scope, orgName: request.body.org_name }) };
    },
  });

  app.route({
    ...operationRoute(operations.delete, errors),
    handler: async (request) => {
      const caller = requireCaller(request);
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'edit');
      await orgs.delete(scope.orgGuid);
      request.log.info(
        { orgGuid: scope.orgGuid, userGuid: caller.user.userGuid, reason: request.body.reason },
        'organization deleted',
      );
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.listUsers, errors),
    handler: async (request) => {
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'read');
      const { page, pagination_token } = await orgs.listMembers(scope.orgGuid, request.query);
      return { users: page.map(presentMember), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.saveUsers, errors),
    handler: async (request) => {
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'edit');
      const changes = request.body.users.map((u) => ({ userGuid: u.user_guid, access: u.access }));
      await orgs.saveAccess(scope.orgGuid, changes);
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.removeUsers, errors),
    handler: async (request) => {
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'edit');
      await orgs.removeMembers(scope.orgGuid, request.body.users);
      return done;
    },
  });
};
