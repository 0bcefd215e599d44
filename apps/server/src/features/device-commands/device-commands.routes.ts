import { randomUUID } from 'node:crypto';
import {
  cloudUpdateBodySchema,
  type DeviceCommandName,
  deviceCommandParamsSchema,
  deviceCommandRequestSchema,
  getDeviceCommandResponseSchema,
  sendDeviceCommandResponseSchema,
} from '@ec/contract/device-commands';
import { deviceParamsSchema } from '@ec/contract/devices';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answeringDeviceFailures } from '../../device-core/device-api-errors.ts';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireCaller } from '../../http/request-context.ts';
import { requireDeviceEditor, requireOrgDevice } from '../devices/device-access.ts';
import { presentDeviceCommand } from './device-command.presenter.ts';
import { deviceCommandsRepository } from './device-commands.repository.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Device commands (spec 2 §4.5-4.8, §7): send one to an online device, then follow it. */
export const deviceCommandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const commands = deviceCommandsRepository(app.db);
  const tags = ['device commands'];

  /** Sends a command on behalf of the caller, who needs control of the device. */
  const send = async (
    request: FastifyRequest<{ Params: { device_guid: string } }>,
    command: DeviceCommandName,
    data?: unknown,
  ) => {
    const { device, scope } = await requireDeviceEditor(app, request, request.params.device_guid);
    const { user } = requireCaller(request);
    const created = await answeringDeviceFailures(() =>
      app.devices.sendDeviceCommand({
        deviceGuid: device.deviceGuid,
        orgGuid: scope.orgGuid,
        command,
        data,
        actor: { userGuid: user.userGuid, email: user.email },
      }),
    );
    return { command_guid: created.commandGuid, api_request_id: randomUUID() };
  };

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
      reply.status(202).send(await send(request, request.body.command, request.body.data)),
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
    async (request, reply) => reply.status(202).send(await send(request, 'update_cloud')),
  );
};
