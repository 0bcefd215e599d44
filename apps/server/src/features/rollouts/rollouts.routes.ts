import { rolloutOperations as operations } from '@ec/contract/rollouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requestedOrgGuid, requireCaller } from '../auth/request-context.ts';
import { requireFleet } from '../fleets/fleet-access.ts';
import { requireOrgMember } from '../orgs/org-scope.ts';
import { presentRollout, presentWaves } from './rollout.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * /rollouts (issue 26, decisions 189-194): a change rolled out in waves. Starting one needs edit rights
 * on every target device (a fleet target: the fleet's editors); members of the organization and the
 * rollout's creator see it; its creator and organization editors pause, resume and cancel it.
 */
export const rolloutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const rollouts = app.services.rollouts;
  const callerOf = (request: Parameters<typeof requireCaller>[0]) => {
    const { user } = requireCaller(request);
    return { userGuid: user.userGuid, email: user.email, groups: user.groups };
  };

  app.route({
    ...operationRoute(operations.create, errors),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      let orgGuid = requestedOrgGuid(request);
      let fleet: { fleetGuid: string; orgGuid: string } | undefined;
      if (body.target.kind === 'fleet') {
        ({ fleet } = await requireFleet(app, request, body.target.fleet_guid, 'edit'));
        if (orgGuid && orgGuid !== fleet.orgGuid)
          throw ApiError.notFound('Fleet not found', 'FLEET_NOT_FOUND');
        orgGuid = fleet.orgGuid;
      }
      if (!orgGuid)
        throw ApiError.badRequest('Select an organization first (x-org-guid header)', 'ORG_REQUIRED');
      const rollout = await rollouts.create({ orgGuid, caller, body, fleet });
      return reply.status(201).send({ rollout_guid: rollout.rolloutGuid });
    },
  });

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const scope = await requireOrgMember(app, request);
      const caller = callerOf(request);
      const { page, pagination_token } = await rollouts.list(scope.orgGuid, request.query);
      return {
        rollouts: page.map(({ row, counts }) =>
          presentRollout(row, counts, scope.canEdit || row.createdBy === caller.userGuid),
        ),
        pagination_token,
      };
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => {
      const { row, manageable } = await rollouts.find(request.params.rollout_guid, callerOf(request));
      const { counts, devices } = await rollouts.details(row);
      return {
        rollout: presentRollout(row, counts, manageable),
        waves: presentWaves(devices, row.waveCount),
      };
    },
  });

  for (const action of ['pause', 'resume', 'cancel'] as const)
    app.route({
      ...operationRoute(operations[action], { ...errors, ...errorResponses(409) }),
      handler: async (request) => {
        const { row, counts, manageable } = await rollouts.act(
          request.params.rollout_guid,
          callerOf(request),
          action,
        );
        return { rollout: presentRollout(row, counts, manageable) };
      },
    });
};
