import { randomUUID } from 'node:crypto';
import {
  DEVICE_LOGS_CONTENT_TYPE,
  DEVICE_LOGS_MAX_BYTES,
  deviceLogsUploadPath,
  deviceCommandOperations as operations,
} from '@ec/contract/device-commands';
import { deviceParamsSchema } from '@ec/contract/devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileStore } from '../../files/file-store.ts';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { sendDeviceCommandAs } from '../device-commands/send-device-command.ts';
import { requireOrgDevice } from '../devices/device-access.ts';
import { deviceLogsService } from './device-logs.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Device logs (spec 2 §4.8, §7): ask the device for a bundle, see when it came, download it. */
export const deviceLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const logs = deviceLogsService({ db: app.db, files: fileStore(app.config.filesDir) });
  const tags = ['device commands'];

  app.addContentTypeParser(
    DEVICE_LOGS_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: DEVICE_LOGS_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...operationRoute(operations.requestLogs, errors),
    handler: async (request, reply) => {
      const commandGuid = randomUUID();
      const uploadUrl = `${app.config.publicUrl}${deviceLogsUploadPath(commandGuid)}`;
      const sent = await sendDeviceCommandAs(
        app,
        request,
        'upload_logs',
        { upload_url: uploadUrl },
        commandGuid,
      );
      return reply.status(202).send({ command_guid: sent.command_guid });
    },
  });

  app.route({
    ...operationRoute(operations.getLogs, errors),
    handler: async (request) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      return { logs: await logs.latest(device.deviceGuid) };
    },
  });

  app.get(
    '/devices/:device_guid/logs/bundle',
    {
      schema: { tags, summary: 'Download the latest log bundle (gzip)', params: deviceParamsSchema },
    },
    async (request, reply) => {
      const { device } = await requireOrgDevice(app, request, request.params.device_guid);
      const bundle = await logs.readBundle(device.deviceGuid);
      if (!bundle) throw ApiError.notFound('This device has not uploaded logs yet', 'LOGS_NOT_FOUND');
      return reply
        .type(DEVICE_LOGS_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${device.serialNumber}-logs.tar.gz"`)
        .send(bundle);
    },
  );

  // Called by devices, not people: authenticated with the device's link credentials (HTTP basic).
  app.put(
    '/device-uploads/logs/:command_guid',
    {
      schema: {
        tags: ['device link'],
        summary: 'A device uploads the log bundle of its upload_logs command (gzip, up to 10 MiB)',
        params: z.object({ command_guid: z.uuid() }),
        consumes: [DEVICE_LOGS_CONTENT_TYPE],
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw ApiError.badRequest(`Send the bundle as ${DEVICE_LOGS_CONTENT_TYPE}.`);
      const accepted = await logs.acceptUpload(
        request.params.command_guid,
        request.headers.authorization,
        request.body,
      );
      if (!accepted) throw ApiError.unauthorized('Not a log upload this device was asked for');
      return reply.status(204).send(null);
    },
  );
};
