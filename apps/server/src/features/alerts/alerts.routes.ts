import { type AlertType, listAlertsQuerySchema, listAlertsResponseSchema } from '@ec/contract/alerts';
import { errorResponseSchema } from '@ec/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { requireOrgMember } from '../orgs/org-scope.ts';
import { presentAlert } from './alert.presenter.ts';
import { alertsRepository } from './alerts.repository.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** A token decodes to any two values; only a (timestamp, guid) pair may reach the SQL. */
const pageKeySchema = z.tuple([z.iso.datetime(), z.uuid()]);

function pageAfter(token: string | undefined): [string, string] | undefined {
  const key = decodePageToken(token, 2);
  if (!key) return undefined;
  const parsed = pageKeySchema.safeParse(key);
  if (!parsed.success) throw ApiError.badRequest('pagination_token is not valid', 'INVALID_PAGINATION_TOKEN');
  return parsed.data;
}

/** GET /alerts (legacy and other alerts) and GET /device_alerts (spec 2 §7): any member reads them. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = alertsRepository(app.db);
  const tags = ['alerts'];

  const listRoute = (url: string, alertType: AlertType, summary: string) =>
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          querystring: listAlertsQuerySchema,
          response: { 200: listAlertsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const scope = await requireOrgMember(app, request);
        const { pagination_size, pagination_token, start_time } = request.query;
        const rows = await alerts.list({
          orgGuid: scope.orgGuid,
          alertType,
          since: start_time,
          after: pageAfter(pagination_token),
          limit: pagination_size + 1,
        });
        const { page, pagination_token: next } = pageOf(rows, pagination_size, (row) => [
          row.timestamp.toISOString(),
          row.alertGuid,
        ]);
        return { alerts: page.map(presentAlert), pagination_token: next };
      },
    );

  listRoute('/alerts', 'other', "The organization's legacy and other alerts since start_time, newest first");
  listRoute('/device_alerts', 'device', "The organization's device alerts since start_time, newest first");
};
