import { FLEET_PAGE_SIZE, fleetOperations as operations } from '@ec/contract/fleets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireActor } from '../auth/request-context.ts';
import { requireOrgEditor } from '../orgs/org-scope.ts';
import { presentFleet, presentFleetUser } from './fleet.presenter.ts';
import { requireFleet, requireFleetListScope } from './fleet-access.ts';

const errors = errorResponses(400, 401, 403, 404);
const done = { ok: true as const };

/**
 * /fleets (spec 2 §2.6, §6, §7): members of the fleet's organization and the fleet's users see it;
 * editors (organization admins, fleet users above 200) change it; creating one needs organization edit.
 */
export const fleetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const fleets = app.services.fleets;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const scope = await requireFleetListScope(app, request, request.query.user_guid);
      const { page, pagination_token } = await fleets.list(scope, request.query);
      return { fleets: page.map((row) => presentFleet(row.fleet, row.rights)), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.create, errors),
    handler: async (request, reply) => {
      const scope = await requireOrgEditor(app, request);
      const fleet = await fleets.create(scope.orgGuid, request.body.fleet_name, requireActor(request));
      return reply.status(201).send({ fleet_guid: fleet.fleetGuid });
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => {
      const { fleet, rights } = await requireFleet(app, request, request.params.fleet_guid, 'view');
      return { fleet: presentFleet(fleet, rights) };
    },
  });

  app.route({
    ...operationRoute(operations.rename, errors),
    handler: async (request) => {
      const { fleet, rights } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      await fleets.rename(fleet, request.body.fleet_name, requireActor(request));
      return { fleet: presentFleet({ ...fleet, fleetName: request.body.fleet_name }, rights) };
    },
  });

  app.route({
    ...operationRoute(operations.delete, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      await fleets.delete(fleet, request.body.reason, requireActor(request));
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.listDevices, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'view');
      return app.services.inventory.listPage(
        { orgGuid: fleet.orgGuid, fleetGuid: fleet.fleetGuid },
        request.query,
        request.query.pagination_size ?? FLEET_PAGE_SIZE,
      );
    },
  });

  app.route({
    ...operationRoute(operations.addDevices, errors),
    handler: async (request) => {
      const access = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      await fleets.addDevices(access, request.body.devices, requireActor(request));
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.removeDevices, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      await fleets.removeDevices(fleet, request.body.devices, requireActor(request));
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.status, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'view');
      return { status: await fleets.status(fleet) };
    },
  });

  app.route({
    ...operationRoute(operations.listUsers, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      const { page, pagination_token } = await fleets.listUsers(fleet, request.query);
      return { users: page.map((row) => presentFleetUser(row, fleet.orgGuid)), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.saveUsers, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      const changes = request.body.users.map((u) => ({ userGuid: u.user_guid, access: u.access }));
      await fleets.saveUsers(fleet, changes, requireActor(request));
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.removeUsers, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      await fleets.removeUsers(fleet, request.body.users, requireActor(request));
      return done;
    },
  });
};
