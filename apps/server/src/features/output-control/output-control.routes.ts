import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import {
  outputControlOperations as operations,
  outputControlRefusal,
  outputControlSetState,
} from '@ec/contract/output-control';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceEntitlements } from '../../device-core/devices/device-entitlements.ts';
import { shadowsRepository } from '../../device-core/shadows/shadows.repository.ts';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { answeringDeviceFailures } from '../../shared/device-errors.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireOrgDevice } from '../devices/device-access.ts';

/**
 * Output control (spec 2 §4.7): people who control a device switch its outputs on and off. The
 * switch is an Outputs set against the reported version, judged and sent like any other.
 */
export const outputControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const shadows = shadowsRepository(app.db);

  app.route({
    ...operationRoute(operations.save, errorResponses(400, 401, 403, 404, 409, 503)),
    handler: async (request, reply) => {
      const { device, scope, rights } = await requireOrgDevice(app, request, request.params.device_guid);
      const refusal = outputControlRefusal({
        rights,
        entitlements: deviceEntitlements(device).properties,
        featureLabel: (feature) => featureLabel(device.productName, feature),
      });
      if (refusal) throw ApiError.forbidden(refusal, 'NOT_ENTITLED');
      const [outputs] = await shadows.list(device.deviceGuid, ['Outputs']);
      if (outputs?.reportedState == null || outputs.reportedVersion == null)
        throw ApiError.conflict('The device has not reported its outputs yet', 'MISSING_SHADOW_STATE');
      const set = outputControlSetState(outputs.reportedState, request.body);
      if ('error' in set) throw ApiError.badRequest(set.error, 'UNKNOWN_OUTPUT');
      const { user } = requireCaller(request);
      const [command] = await answeringDeviceFailures(() =>
        app.services.shadows.sendShadowCommands({
          deviceGuid: device.deviceGuid,
          productName: device.productName,
          orgGuid: scope.orgGuid,
          commandType: 'set',
          commands: [
            { shadowName: 'Outputs', targetVersion: outputs.reportedVersion, requestedState: set.state },
          ],
          actor: { userGuid: user.userGuid, email: user.email },
        }),
      );
      return reply.status(202).send({ command_guid: command!.commandGuid });
    },
  });
};
