import { DEVICE_USERS_PAGE_SIZE, deviceUserOperations as operations } from '@ec/contract/device-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceUsersRepository } from '../../device-core/device-users/device-users.repository.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { requireActor } from '../auth/request-context.ts';
import { requireDeviceEditor } from '../devices/device-access.ts';
import { presentDeviceUser } from './device-user.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);
const done = { ok: true as const };
/** The list's sort key: name, guid, and 0 for a device user's own row, 1 for a membership's. */
const pageKey = z.tuple([z.string(), z.uuid(), z.union([z.literal(0), z.literal(1)])]);

/**
 * /devices/{device_guid}/users (spec 2 §7, spec 3 §6): read and changed by the device's editors only,
 * as the Users tab is shown to editors only (spec 2 §2.5).
 */
export const deviceUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deviceUsers = deviceUsersRepository(app.db);

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { scope } = await requireDeviceEditor(app, request, request.params.device_guid);
      const size = request.query.pagination_size ?? DEVICE_USERS_PAGE_SIZE;
      const rows = await deviceUsers.listPage({
        deviceGuid: request.params.device_guid,
        orgGuid: scope.orgGuid,
        after: decodePageToken(request.query.pagination_token, pageKey),
        limit: size + 1,
      });
      const { page, pagination_token } = pageOf(rows, size, (row) => [
        row.sortName,
        row.userGuid,
        row.managedBy === 'org' ? 1 : 0,
      ]);
      return { users: page.map((row) => presentDeviceUser(row, scope.orgGuid)), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.save, errors),
    handler: async (request) => {
      const { device } = await requireDeviceEditor(app, request, request.params.device_guid);
      await app.services.deviceUsers.saveDeviceUsers({
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
      await app.services.deviceUsers.removeDeviceUsers({
        device,
        actor: requireActor(request),
        userGuids: request.body.users,
      });
      return done;
    },
  });
};
