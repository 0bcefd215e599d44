import { randomUUID } from 'node:crypto';
import { containerDirectoryOperations as operations } from '@ec/contract/containers/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireActor, requireCaller } from '../auth/request-context.ts';
import { requireOrgDevice } from '../devices/device-access.ts';
import { presentDirectoryEntry } from './directory-entry.presenter.ts';
import { installContainerOn, uninstallContainerFrom } from './install-container.ts';

const errors = errorResponses(400, 401, 403, 404);
const deviceErrors = errorResponses(400, 401, 403, 404, 409, 503);

const answer = (row: Parameters<typeof presentDirectoryEntry>[0]) => ({
  container: presentDirectoryEntry(row),
  api_request_id: randomUUID(),
});

/**
 * The container directory (spec 3 §2.9, §7 'Directory and users'): read by every signed-in user,
 * kept by ContainerManagement; and installing its containers on a device (§7 'Device containers').
 */
export const containerDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = app.services.containerDirectory;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { entries, pagination_token } = await directory.list(requireCaller(request).user, request.query);
      return { containers: entries.map(presentDirectoryEntry), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) =>
      answer(await directory.get(requireCaller(request).user, request.params.container_guid)),
  });

  app.route({
    ...operationRoute(operations.create, errors),
    handler: async (request, reply) => {
      const { user } = requireCaller(request);
      const row = await directory.create(user, request.body, requireActor(request));
      return reply.status(201).send(answer(row));
    },
  });

  app.route({
    ...operationRoute(operations.update, errors),
    handler: async (request) => {
      const { user } = requireCaller(request);
      return answer(
        await directory.update(user, request.params.container_guid, request.body, requireActor(request)),
      );
    },
  });

  app.route({
    ...operationRoute(operations.delete, errors),
    handler: async (request) => {
      const { user } = requireCaller(request);
      await directory.delete(user, request.params.container_guid, requireActor(request));
      return { ok: true as const };
    },
  });

  app.route({
    ...operationRoute(operations.install, deviceErrors),
    handler: async (request, reply) => {
      const access = await requireOrgDevice(app, request, request.params.device_guid);
      return reply
        .status(202)
        .send(await installContainerOn(app, request, access, request.body.container_id));
    },
  });

  app.route({
    ...operationRoute(operations.uninstall, deviceErrors),
    handler: async (request, reply) => {
      const access = await requireOrgDevice(app, request, request.params.device_guid);
      const { container_id } = request.params;
      const sent = await uninstallContainerFrom(app, request, access, {
        container_id,
        ...(request.query.identifier ? { identifier: request.query.identifier } : {}),
      });
      return reply.status(202).send(sent);
    },
  });
};
