import { deviceMetadataOperations as operations } from '@ec/contract/device-metadata';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireOrgMember } from '../orgs/org-scope.ts';

/**
 * The search page's metadata search (spec 2 §2.7): organization members search their organization's
 * device alias, location and note. (The name search is GET /devices?device_name.)
 */
export const deviceSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.search, errorResponses(400, 401, 404)),
    handler: async (request) => {
      const scope = await requireOrgMember(app, request, request.params.org_guid);
      const { page, pagination_token } = await app.services.deviceSearch.searchMetadata(
        scope.orgGuid,
        request.body,
      );
      return {
        metadata: page.map(({ key, value, device_guid, device_name, alert_count }) => ({
          key,
          value,
          device_guid,
          device_name,
          alert_count,
        })),
        pagination_token,
      };
    },
  });
};
