import { randomUUID } from 'node:crypto';
import {
  cloudUpdateBodySchema,
  deviceCommandParamsSchema,
  deviceCommandRequestSchema,
  getDeviceCommandResponseSchema,
  sendDeviceCommandResponseSchema,
} from '@ec/contract/device-commands';
import { deviceParamsSchema } from '@ec/contract/devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireOrgDevice } from '../devices/device-access.ts';
import { presentDeviceCommand } from './device-command.presenter.ts';
import { deviceCommandsRepository } from './device-commands.repository.ts';
import { sendDeviceCommandAs } from './send-device-command.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Device commands (spec 2 §4.5-4.8, §7): send one to an online device, then follow it. */
export const deviceCommandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const commands = deviceCommandsRepository(app.db);
  const tags = ['device commands'];

  app.post(
    '/devices/:device_guid/commands',
    {
      schema: {
        tags,
        summary: 'Send a command to an online device (reboot, reset, ADB, storage, updates, ...)',
        params: deviceParamsSchema,
        body: deviceCommandRequestSchema,
        response: { 202: sendDeviceCommandResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await sendDeviceCommandAs(app, request, request.body.command, request.body.data)),
  );

  app.get(
    '/devices/:device_guid/commands/:command_guid',
    {
      schema: {
        tags,
        summary: 'A device command: accepted, then complete, failed or rejected with a message',
        params: deviceCommandParamsSchema,
        response: { 200: getDeviceCommandResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      const command = await commands.find(device.deviceGuid, request.params.command_guid);
      if (!command) throw ApiError.notFound('Command not found', 'COMMAND_NOT_FOUND');
      return { command: presentDeviceCommand(command), api_request_id: randomUUID() };
    },
  );

  app.post(
    '/devices/:device_guid/updates/cloud',
    {
      schema: {
        tags,
        summary: 'Update (or re-install) the cloud agent of an online device',
        params: deviceParamsSchema,
        body: cloudUpdateBodySchema,
        response: { 202: sendDeviceCommandResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await sendDeviceCommandAs(app, request, 'update_cloud')),
  );
};
