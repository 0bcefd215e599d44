import { shadowHistoryOperations as operations } from '@ec/contract/shadow-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { requireDeviceReader } from '../devices/device-access.ts';
import { shadowHistoryRepository } from './shadow-history.repository.ts';
import { presentShadowVersion, presentShadowVersionSummary } from './shadow-version.presenter.ts';

const errors = errorResponses(400, 401, 404);
/** A page token carries the last version of the page before. */
const versionPageKey = z.tuple([z.number().int().min(0).max(2_147_483_647)]);

/** A shadow's version history: whoever may see the device's configuration may read it. */
export const shadowHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = shadowHistoryRepository(app.db);

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      const { pagination_size, pagination_token } = request.query;
      const [before] = decodePageToken(pagination_token, versionPageKey) ?? [];
      const rows = await history.list(
        { deviceGuid: device.deviceGuid, shadowName: request.params.shadow_name, orgGuid: device.orgGuid },
        { before, limit: pagination_size + 1 },
      );
      const { page, pagination_token: next } = pageOf(rows, pagination_size, (row) => [row.version]);
      return { versions: page.map(presentShadowVersionSummary), pagination_token: next };
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      const row = await history.find(
        { deviceGuid: device.deviceGuid, shadowName: request.params.shadow_name, orgGuid: device.orgGuid },
        request.params.version,
      );
      if (!row) throw ApiError.notFound('No such version of this shadow is kept', 'VERSION_NOT_FOUND');
      return presentShadowVersion(row);
    },
  });
};
