import { metricOperations as operations } from '@ec/contract/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requestedOrgGuid } from '../auth/request-context.ts';
import { requireOrgDevice, requireOrgDevicesScope } from '../devices/device-access.ts';
import { presentMetricNamespaces } from './metric-namespaces.presenter.ts';

const errors = errorResponses(400, 401, 404);

/** Device metrics (spec 2 §2.11, §7): what the organization's devices report, and queries over them. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const metrics = app.services.metrics;

  app.route({
    ...operationRoute(operations.namespaces, errors),
    handler: async (request) => {
      const scope = await requireOrgDevicesScope(app, request, requestedOrgGuid(request));
      return presentMetricNamespaces(await metrics.reportedNames(scope));
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
      return metrics.query(devices, request.body);
    },
  });
};
