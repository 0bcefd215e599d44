import { outputControlOperations as operations } from '@ec/contract/output-control';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { answeringDeviceFailures } from '../../shared/device-errors.ts';
import { requireActor } from '../auth/request-context.ts';
import { requireOrgDevice } from '../devices/device-access.ts';

/**
 * Output control (spec 2 §4.7): people who control a device switch its outputs on and off. The
 * switch is an Outputs set against the reported version, judged and sent like any other.
 */
export const outputControlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.save, errorResponses(400, 401, 403, 404, 409, 503)),
    handler: async (request, reply) => {
      const { device, scope, rights } = await requireOrgDevice(app, request, request.params.device_guid);
      const { command } = await answeringDeviceFailures(() =>
        app.services.shadows.switchOutputs({
          device,
          orgGuid: scope.orgGuid,
          rights,
          actor: requireActor(request),
          toggles: request.body,
        }),
      );
      return reply.status(202).send({ command_guid: command.commandGuid });
    },
  });
};
