import { bulkActionOperations as operations } from '@ec/contract/bulk-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { runBulkAction } from './run-bulk-action.ts';

/**
 * Bulk actions (spec 2 §2.3, §5): one call for many devices, so the server holds each to the
 * bulk_actions feature. Each device's refusal is in its own result; the call itself fails only when
 * the request does (401, 400).
 */
export const bulkActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.run, errorResponses(400, 401)),
    handler: async (request) => runBulkAction(app, request, request.body),
  });
};
