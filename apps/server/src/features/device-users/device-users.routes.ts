import { deviceUserOperations as operations } from '@ec/contract/device-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireActor } from '../auth/request-context.ts';
import { requireDeviceEditor } from '../devices/device-access.ts';
import { presentDeviceUser } from './device-user.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);
const done = { ok: true as const };

/**
 * /devices/{device_guid}/users (spec 2 §7, spec 3 §6): read and changed by the device's editors only,
 * as the Users tab is shown to editors only (spec 2 §2.5).
 */
export const deviceUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deviceUsers = app.services.deviceUsers;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { device, scope } = await requireDeviceEditor(app, request, request.params.device_guid);
      const { page, pagination_token } = await deviceUsers.listPage(
        { deviceGuid: device.deviceGuid, orgGuid: scope.orgGuid },
        request.query,
      );
      return { users: page.map((row) => presentDeviceUser(row, scope.orgGuid)), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.save, errors),
    handler: async (request) => {
      const { device } = await requireDeviceEditor(app, request, request.params.device_guid);
      await deviceUsers.saveDeviceUsers({
        device,
        actor: requireActor(request),
        users: request.body.users.map((u) => ({ userGuid: u.user_guid, access: u.access })),
      });
      return done;
    },
  });

  app.route({
    ...operationRoute(operations.remove, errors),
    handler: async (request) => {
      const { device } = await requireDeviceEditor(app, request, request.params.device_guid);
      await deviceUsers.removeDeviceUsers({
        device,
        actor: requireActor(request),
        userGuids: request.body.users,
      });
      return done;
    },
  });
};
