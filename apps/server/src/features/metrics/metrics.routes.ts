import { metricOperations as operations } from '@ec/contract/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requestedOrgGuid } from '../auth/request-context.ts';
import { requireOrgDevice, requireOrgDevicesScope } from '../devices/device-access.ts';
import { presentMetricNamespaces } from './metric-namespaces.presenter.ts';
import { metricsRepository } from './metrics.repository.ts';
import { queryMetrics } from './metrics-query.ts';

const errors = errorResponses(400, 401, 404);
/** The explorer offers what the devices reported this long ago or later. */
const NAMES_LOOK_BACK_MS = 30 * 24 * 60 * 60_000;

/** Device metrics (spec 2 §2.11, §7): what the organization's devices report, and queries over them. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const metrics = metricsRepository(app.db);

  app.route({
    ...operationRoute(operations.namespaces, errors),
    handler: async (request) => {
      const scope = await requireOrgDevicesScope(app, request, requestedOrgGuid(request));
      const rows = await metrics.reportedNames(scope, new Date(Date.now() - NAMES_LOOK_BACK_MS));
      return presentMetricNamespaces(rows);
    },
  });

  app.route({
    ...operationRoute(operations.query, errors),
    handler: async (request) => {
      // Every device must be visible to the caller: one that is not answers 404 like an unknown one.
      const devices = [];
      for (const deviceGuid of new Set(request.body.device_guids)) {
        const { device } = await requireOrgDevice(app, request, deviceGuid);
        devices.push(device);
      }
      return queryMetrics(metrics, devices, request.body);
    },
  });
};
