import { errorResponseSchema } from '@ec/contract/common';
import { deviceParamsSchema } from '@ec/contract/devices';
import {
  DEVICE_LINK_UNAVAILABLE,
  DEVICE_TIMEOUT,
  getShadowCommandResponseSchema,
  getShadowsQuerySchema,
  getShadowsResponseSchema,
  SHADOW_COMMAND_TIMEOUT_MS,
  type ShadowName,
  shadowCommandParamsSchema,
  shadowCommandsBodySchema,
  shadowCommandsResponseSchema,
} from '@ec/contract/shadows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceLinkUnavailableError } from '../../device-link/device-link.ts';
import { ApiError } from '../../http/api-error.ts';
import { requireCaller } from '../../http/request-context.ts';
import { requireDeviceEditor, requireOrgDevice } from '../devices/device-access.ts';
import { presentShadow, presentShadowCommand } from './shadow.presenter.ts';
import { shadowsRepository } from './shadows.repository.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const linkUnavailable = () =>
  ApiError.serviceUnavailable(
    'The device link is unavailable right now. Try again in a moment.',
    DEVICE_LINK_UNAVAILABLE,
  );

/** The shadow protocol (spec 3 §7): read documents, send get/set commands, follow a command. */
export const shadowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const shadows = shadowsRepository(app.db);
  const tags = ['shadows'];

  app.get(
    '/devices/:device_guid/shadows',
    {
      schema: {
        tags,
        summary: 'Reported and requested sides of the device’s shadows',
        params: deviceParamsSchema,
        querystring: getShadowsQuerySchema,
        response: { 200: getShadowsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      const rows = await shadows.list(device.deviceGuid, request.query.shadow_names);
      return { shadows: rows.map((row) => presentShadow(row, request.query.skip_requested_state)) };
    },
  );

  app.post(
    '/devices/:device_guid/shadows/commands',
    {
      schema: {
        tags,
        summary: 'Ask the device for shadows (get) or send new documents (set)',
        params: deviceParamsSchema,
        body: shadowCommandsBodySchema,
        response: { 202: shadowCommandsResponseSchema, ...errors, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { device } = await requireDeviceEditor(app, request, request.params.device_guid);
      const caller = requireCaller(request);
      const body = request.body;
      const names = body.commands.map((command) => command.shadow_name);
      if (new Set(names).size !== names.length)
        throw ApiError.badRequest('Each shadow may appear once per request');
      // Refused before anything is stored: a command that cannot be sent is not created.
      if (!app.deviceLink.isConnected()) throw linkUnavailable();

      const created = await shadows.createCommands(
        body.commands.map((command) => ({
          deviceGuid: device.deviceGuid,
          shadowName: command.shadow_name,
          commandType: body.command_type,
          targetVersion: 'target_version' in command ? command.target_version : null,
          requestedState: 'state' in command ? command.state : null,
          createdBy: caller.user.userGuid,
        })),
      );
      const unsent = new Set(created.map((command) => command.commandGuid));
      try {
        for (const command of created) {
          if (command.commandType === 'set' && command.requestedState) {
            await shadows.saveRequested(device.deviceGuid, command.shadowName, command.requestedState);
          }
          await app.deviceLink.sendShadowCommand(
            device.deviceGuid,
            command.commandType === 'set'
              ? {
                  command_guid: command.commandGuid,
                  command_type: 'set',
                  shadow_name: command.shadowName as ShadowName,
                  target_version: command.targetVersion ?? 0,
                  state: command.requestedState ?? {},
                }
              : {
                  command_guid: command.commandGuid,
                  command_type: 'get',
                  shadow_name: command.shadowName as ShadowName,
                },
          );
          unsent.delete(command.commandGuid);
        }
      } catch (error) {
        if (!(error instanceof DeviceLinkUnavailableError)) throw error;
        // The broker may still deliver a publish that ran out of time: the device's answer then
        // replaces this failure.
        await shadows.failUnanswered(device.deviceGuid, [...unsent], {
          message: 'The device link was unavailable.',
          error_code: DEVICE_LINK_UNAVAILABLE,
          state: null,
          current_version: null,
        });
        throw linkUnavailable();
      }
      return reply.status(202).send({
        commands: created.map((command) => ({
          shadow_name: command.shadowName as ShadowName,
          command_guid: command.commandGuid,
        })),
      });
    },
  );

  app.get(
    '/devices/:device_guid/shadows/commands/:command_guid',
    {
      schema: {
        tags,
        summary: 'A shadow command and, once finished, the device’s answer',
        params: shadowCommandParamsSchema,
        response: { 200: getShadowCommandResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      const command = await shadows.findCommand(device.deviceGuid, request.params.command_guid);
      if (!command) throw ApiError.notFound('Shadow command not found', 'COMMAND_NOT_FOUND');
      const expired =
        command.commandState === 'pending' &&
        Date.now() - command.createdAt.getTime() > SHADOW_COMMAND_TIMEOUT_MS;
      if (!expired) return { command: presentShadowCommand(command) };
      // The device never answered: fail the command so that it does not stay pending forever.
      const [timedOut] = await shadows.failUnanswered(device.deviceGuid, [command.commandGuid], {
        message: 'The device did not answer in time.',
        error_code: DEVICE_TIMEOUT,
        state: null,
        current_version: null,
      });
      return {
        command: presentShadowCommand(
          timedOut ?? (await shadows.findCommand(device.deviceGuid, command.commandGuid)) ?? command,
        ),
      };
    },
  );
};
