import { randomUUID } from 'node:crypto';
import { deviceCommandData, deviceCommandOperations as operations } from '@ec/contract/device-commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireOrgDevice } from '../devices/device-access.ts';
import { presentDeviceCommand } from './device-command.presenter.ts';
import { sendDeviceCommandAs } from './send-device-command.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Device commands (spec 2 §4.5-4.8, §7): send one to an online device, then follow it. */
export const deviceCommandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.send, errors),
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(await sendDeviceCommandAs(app, request, request.body.command, deviceCommandData(request.body))),
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      const command = await app.services.deviceCommands.find(device.deviceGuid, request.params.command_guid);
      return { command: presentDeviceCommand(command), api_request_id: randomUUID() };
    },
  });

  app.route({
    ...operationRoute(operations.updateCloud, errors),
    handler: async (request, reply) =>
      reply.status(202).send(await sendDeviceCommandAs(app, request, 'update_cloud')),
  });
};
