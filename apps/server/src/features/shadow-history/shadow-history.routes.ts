import { shadowHistoryOperations as operations } from '@ec/contract/shadow-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireDeviceReader } from '../devices/device-access.ts';
import { presentShadowVersion, presentShadowVersionSummary } from './shadow-version.presenter.ts';

const errors = errorResponses(400, 401, 404);

/** A shadow's version history: whoever may see the device's configuration may read it. */
export const shadowHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = app.services.shadowHistory;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      const { page, pagination_token } = await history.list(
        { deviceGuid: device.deviceGuid, shadowName: request.params.shadow_name, orgGuid: device.orgGuid },
        request.query,
      );
      return { versions: page.map(presentShadowVersionSummary), pagination_token };
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => {
      const { device, rights } = await requireDeviceReader(app, request, request.params.device_guid);
      const row = await history.find(
        { deviceGuid: device.deviceGuid, shadowName: request.params.shadow_name, orgGuid: device.orgGuid },
        request.params.version,
      );
      return presentShadowVersion(row, { masked: !rights.edit });
    },
  });
};
