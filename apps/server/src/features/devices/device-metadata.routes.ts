import { deviceMetadataOperations as operations } from '@ec/contract/device-metadata';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireActor } from '../auth/request-context.ts';
import { requireDeviceEditor, requireDeviceReader } from './device-access.ts';

/** A device's metadata (spec 2 §2.5): whoever sees the device reads it, its editors change it. */
export const deviceMetadataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.get, errorResponses(400, 401, 404)),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      return { metadata: device.metadata };
    },
  });

  app.route({
    ...operationRoute(operations.save, errorResponses(400, 401, 403, 404)),
    handler: async (request) => {
      const { device } = await requireDeviceEditor(app, request, request.params.device_guid);
      const metadata = await app.services.devices.saveMetadata({
        deviceGuid: device.deviceGuid,
        orgGuid: device.orgGuid,
        changes: request.body,
        actor: requireActor(request),
      });
      // Forgotten between the check and the save.
      if (!metadata) throw ApiError.notFound('Device not found', 'DEVICE_NOT_FOUND');
      return { metadata };
    },
  });
};
