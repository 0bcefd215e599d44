import { deviceDockerOperations as operations } from '@ec/contract/device-docker';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { sendDeviceCommandTo } from '../device-commands/send-device-command.ts';
import { type DeviceAccess, requireOrgDevice } from '../devices/device-access.ts';
import type { DockerCommand } from './docker.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Containers and images on a device (spec 3 §7 'Device containers'). */
export const dockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const docker = app.services.docker;

  app.route({
    ...operationRoute(operations.containers, errors),
    handler: async (request) => ({
      containers: await docker.containers(await requireOrgDevice(app, request, request.params.device_guid)),
    }),
  });

  app.route({
    ...operationRoute(operations.images, errors),
    handler: async (request) => ({
      images: await docker.images(await requireOrgDevice(app, request, request.params.device_guid)),
    }),
  });

  /** Each change: judged by the docker service, then sent and followed as a device command. */
  async function send(
    request: FastifyRequest<{ Params: { device_guid: string } }>,
    judge: (access: DeviceAccess) => DockerCommand | Promise<DockerCommand>,
  ) {
    const access = await requireOrgDevice(app, request, request.params.device_guid);
    const { command, data } = await judge(access);
    return sendDeviceCommandTo(app, request, access, command, data);
  }

  app.route({
    ...operationRoute(operations.containerAction, errors),
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await send(request, (access) =>
            docker.containerAction(access, request.params.container_id, request.body.action),
          ),
        ),
  });
  app.route({
    ...operationRoute(operations.createContainer, errors),
    handler: async (request, reply) =>
      reply.status(202).send(await send(request, (access) => docker.createContainer(access, request.body))),
  });
  app.route({
    ...operationRoute(operations.deleteContainer, errors),
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await send(request, (access) =>
            docker.deleteContainer(access, request.params.container_id, request.body.reason),
          ),
        ),
  });
  app.route({
    ...operationRoute(operations.pullImage, errors),
    handler: async (request, reply) =>
      reply.status(202).send(await send(request, (access) => docker.pullImage(access, request.body))),
  });
  app.route({
    ...operationRoute(operations.deleteImage, errors),
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await send(request, (access) =>
            docker.deleteImage(access, request.params.image_id, request.body.reason),
          ),
        ),
  });
};
