import { configurationEditRefusal } from '@ec/contract/device-command-rules';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import { shadowOperations as operations, SHADOW_NAMES, type ShadowName } from '@ec/contract/shadows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceEntitlements } from '../../device-core/devices/device-entitlements.ts';
import { shadowsRepository } from '../../device-core/shadows/shadows.repository.ts';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { answeringDeviceFailures } from '../../shared/device-errors.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireDeviceEditor, requireDeviceReader } from '../devices/device-access.ts';
import { presentShadow, presentShadowCommand } from './shadow.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);

/** The shadow protocol (spec 3 §7): read documents, send get/set commands, follow a command. */
export const shadowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const shadows = shadowsRepository(app.db);

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      const rows = await shadows.list(device.deviceGuid, request.query.shadow_names);
      return { shadows: rows.map((row) => presentShadow(row, request.query.skip_requested_state)) };
    },
  });

  app.route({
    ...operationRoute(operations.documents, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      const rows = new Map((await shadows.list(device.deviceGuid)).map((row) => [row.shadowName, row]));
      const latest = (...times: (Date | null | undefined)[]) => {
        const known = times.filter((time): time is Date => time instanceof Date);
        return known.length ? new Date(Math.max(...known.map(Number))).toISOString() : null;
      };
      return {
        documents: [
          { document: 'state' as const, last_modified: latest(device.stateUpdatedAt) },
          ...SHADOW_NAMES.map((name) => ({
            document: name,
            last_modified: latest(rows.get(name)?.reportedAt, rows.get(name)?.requestedAt),
          })),
        ],
      };
    },
  });

  app.route({
    ...operationRoute(operations.sendCommands, { ...errors, ...errorResponses(503) }),
    handler: async (request, reply) => {
      const { device, scope, rights } = await requireDeviceEditor(app, request, request.params.device_guid);
      const body = request.body;
      const names = body.commands.map((command) => command.shadow_name);
      if (new Set(names).size !== names.length)
        throw ApiError.badRequest('Each shadow may appear once per request');
      const { user } = requireCaller(request);
      if (body.command_type === 'set') {
        const refusal = configurationEditRefusal({
          rights,
          entitlements: deviceEntitlements(device).properties,
          featureLabel: (feature) => featureLabel(device.productName, feature),
        });
        if (refusal) throw ApiError.forbidden(refusal, 'NOT_ENTITLED');
      }
      const created = await answeringDeviceFailures(() =>
        app.services.shadows.sendShadowCommands({
          deviceGuid: device.deviceGuid,
          productName: device.productName,
          orgGuid: scope.orgGuid,
          commandType: body.command_type,
          commands: body.commands.map((command) => ({
            shadowName: command.shadow_name,
            targetVersion: 'target_version' in command ? command.target_version : null,
            requestedState: 'state' in command ? command.state : null,
          })),
          actor: { userGuid: user.userGuid, email: user.email },
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
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      const command = await shadows.findCommand(device.deviceGuid, request.params.command_guid);
      if (!command) throw ApiError.notFound('Shadow command not found', 'COMMAND_NOT_FOUND');
      return { command: presentShadowCommand(command) };
    },
  });
};
