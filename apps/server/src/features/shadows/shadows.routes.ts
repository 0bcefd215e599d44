import { shadowOperations as operations, type ShadowName } from '@ec/contract/shadows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { answeringDeviceFailures } from '../../shared/device-errors.ts';
import { requireActor } from '../auth/request-context.ts';
import { requireDeviceEditor, requireDeviceReader } from '../devices/device-access.ts';
import { presentShadow, presentShadowCommand } from './shadow.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);

/** The shadow protocol (spec 3 §7): read documents, send get/set commands, follow a command. */
export const shadowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const shadows = app.services.shadows;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { device, rights } = await requireDeviceReader(app, request, request.params.device_guid);
      const rows = await shadows.list(device.deviceGuid, request.query.shadow_names);
      const reading = { masked: !rights.edit, skipRequested: request.query.skip_requested_state };
      return { shadows: rows.map((row) => presentShadow(row, reading)) };
    },
  });

  app.route({
    ...operationRoute(operations.documents, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      return { documents: await shadows.lastModified(device) };
    },
  });

  app.route({
    ...operationRoute(operations.sendCommands, { ...errors, ...errorResponses(503) }),
    handler: async (request, reply) => {
      const { device, scope, rights } = await requireDeviceEditor(app, request, request.params.device_guid);
      const created = await answeringDeviceFailures(() =>
        shadows.sendShadowCommands({
          device,
          orgGuid: scope.orgGuid,
          rights,
          actor: requireActor(request),
          commandType: request.body.command_type,
          commands: request.body.commands.map((command) => ({
            shadowName: command.shadow_name,
            targetVersion: 'target_version' in command ? command.target_version : null,
            requestedState: 'state' in command ? command.state : null,
          })),
        }),
      );
      return reply.status(202).send({
        commands: created.map((command) => ({
          shadow_name: command.shadowName as ShadowName,
          command_guid: command.commandGuid,
        })),
      });
    },
  });

  app.route({
    ...operationRoute(operations.getCommand, errors),
    handler: async (request) => {
      const { device, rights } = await requireDeviceReader(app, request, request.params.device_guid);
      return {
        command: presentShadowCommand(
          await shadows.findCommand(device.deviceGuid, request.params.command_guid),
          { masked: !rights.edit },
        ),
      };
    },
  });
};
