import { fleetTemplateOperations as operations } from '@ec/contract/fleet-templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireFleet } from '../fleets/fleet-access.ts';
import { presentFleetAlertTemplate } from './fleet-alert-template.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * A fleet's alert templates (spec 2 §2.6 Alerts): whoever sees the fleet reads them; its editors
 * (organization admins, fleet users above 200) save the whole list (decision 184).
 */
export const fleetAlertRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = app.services.fleetAlertRules;

  app.route({
    ...operationRoute(operations.listAlerts, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'view');
      return { alerts: (await rules.list(fleet.fleetGuid)).map(presentFleetAlertTemplate) };
    },
  });

  app.route({
    ...operationRoute(operations.saveAlerts, { ...errors, ...errorResponses(409) }),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      const saved = await rules.save(
        fleet.fleetGuid,
        request.body.alerts,
        requireCaller(request).user.userGuid,
      );
      return { alerts: saved.map(presentFleetAlertTemplate) };
    },
  });
};
