import { deviceMetadataOperations as operations } from '@ec/contract/device-metadata';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { requireOrgMember } from '../orgs/org-scope.ts';
import { deviceSearchRepository } from './device-search.repository.ts';

/** A metadata page token: the last entry's lowercased value, device guid and key. */
const metadataPageKey = z.tuple([z.string(), z.uuid(), z.string()]);

/**
 * The search page's metadata search (spec 2 §2.7): organization members search their organization's
 * device alias, location and note. (The name search is GET /devices?device_name.)
 */
export const deviceSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = deviceSearchRepository(app.db);

  app.route({
    ...operationRoute(operations.search, errorResponses(400, 401, 404)),
    handler: async (request) => {
      const scope = await requireOrgMember(app, request, request.params.org_guid);
      const { pagination_size, search_keys, pagination_token } = request.body;
      const rows = await repository.searchMetadata({
        orgGuid: scope.orgGuid,
        keys: search_keys,
        after: decodePageToken(pagination_token ?? undefined, metadataPageKey),
        limit: pagination_size + 1,
      });
      const { page, pagination_token: next } = pageOf(rows, pagination_size, (row) => [
        row.sort_value,
        row.device_guid,
        row.key,
      ]);
      return {
        metadata: page.map(({ key, value, device_guid, device_name }) => ({
          key,
          value,
          device_guid,
          device_name,
        })),
        pagination_token: next,
      };
    },
  });
};
