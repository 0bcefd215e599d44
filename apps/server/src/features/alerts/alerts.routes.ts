import { type AlertType, alertOperations } from '@ec/contract/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { decodePageToken, pageOf, timePageKey } from '../../http/pagination.ts';
import { requireOrgMember } from '../orgs/org-scope.ts';
import { presentAlert } from './alert.presenter.ts';
import { alertsRepository } from './alerts.repository.ts';

const errors = errorResponses(400, 401, 403, 404);

/** GET /alerts (legacy and other alerts) and GET /device_alerts (spec 2 §7): any member reads them. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = alertsRepository(app.db);

  const listRoute = (alertType: AlertType) =>
    app.route({
      ...operationRoute(alertOperations[alertType], errors),
      handler: async (request) => {
        const scope = await requireOrgMember(app, request);
        const { pagination_size, pagination_token, start_time } = request.query;
        const rows = await alerts.list({
          orgGuid: scope.orgGuid,
          alertType,
          since: start_time,
          after: decodePageToken(pagination_token, timePageKey),
          limit: pagination_size + 1,
        });
        const { page, pagination_token: next } = pageOf(rows, pagination_size, (row) => [
          row.timestamp.toISOString(),
          row.alertGuid,
        ]);
        return { alerts: page.map(presentAlert), pagination_token: next };
      },
    });

  listRoute('other');
  listRoute('device');
};
