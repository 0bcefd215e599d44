import {
  type AlertType,
  alertActionOperations as actions,
  alertOperations,
  alertStoreStart,
} from '@ec/contract/alerts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { decodePageToken, pageOf, timePageKey } from '../../http/pagination.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireDeviceEditor } from '../devices/device-access.ts';
import { requireOrgEditor, requireOrgMember } from '../orgs/org-scope.ts';
import { presentAlert } from './alert.presenter.ts';
import { type AlertRow, alertsRepository } from './alerts.repository.ts';
import { orgAlertRulesRoutes } from './org-alert-rules.routes.ts';

const errors = errorResponses(400, 401, 403, 404);
const actionErrors = { ...errors, ...errorResponses(409) };
const notFound = () => ApiError.notFound('Alert not found', 'ALERT_NOT_FOUND');
const pageKey = (row: AlertRow) => [row.timestamp.toISOString(), row.alertGuid];

/**
 * The alert calls of spec 2 §7: the current lists and the history (any member reads them), the active
 * count for the bell, and silence, unsilence and close, which need edit rights on the alert's device
 * (spec 2 §6), or on the organization for an alert of no device.
 */
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
        const { page, pagination_token: next } = pageOf(rows, pagination_size, pageKey);
        return { alerts: page.map(presentAlert), pagination_token: next };
      },
    });

  const historyRoute = (alertType: AlertType) =>
    app.route({
      ...operationRoute(actions.history[alertType], errors),
      handler: async (request) => {
        const scope = await requireOrgMember(app, request);
        const { pagination_size, pagination_token, start_time, end_time, device_guids } = request.query;
        const rows = await alerts.history({
          orgGuid: scope.orgGuid,
          alertType,
          start: start_time ?? alertStoreStart(),
          end: end_time ?? new Date(),
          deviceGuids: device_guids,
          after: decodePageToken(pagination_token, timePageKey),
          limit: pagination_size + 1,
        });
        const { page, pagination_token: next } = pageOf(rows, pagination_size, pageKey);
        return { alerts: page.map(presentAlert), pagination_token: next };
      },
    });

  /** The device alert a device call names, once the caller may edit the device. */
  const deviceAlertToChange = async (request: FastifyRequest, deviceGuid: string, alertGuid: string) => {
    const access = await requireDeviceEditor(app, request, deviceGuid);
    const alert = await alerts.find(alertGuid);
    if (
      alert?.alertType !== 'device' ||
      alert.deviceGuid !== deviceGuid ||
      alert.orgGuid !== access.device.orgGuid
    )
      throw notFound();
    return alert;
  };

  /** A legacy or other alert: its device's editors change it, or the organization's for one of no device. */
  const otherAlertToChange = async (request: FastifyRequest, alertGuid: string) => {
    const alert = await alerts.find(alertGuid);
    if (alert?.alertType !== 'other') throw notFound();
    if (alert.deviceGuid) {
      const access = await requireDeviceEditor(app, request, alert.deviceGuid);
      if (access.device.orgGuid !== alert.orgGuid) throw notFound();
    } else {
      await requireOrgEditor(app, request, alert.orgGuid);
    }
    return alert;
  };

  const userGuidOf = (request: FastifyRequest) => requireCaller(request).user.userGuid;

  app.route({
    ...operationRoute(actions.silence.device, actionErrors),
    handler: async (request) => {
      const alert = await deviceAlertToChange(request, request.params.device_guid, request.query.alert_guid);
      const row = await app.services.alerts.actions.silence(
        alert,
        request.body.silenced,
        userGuidOf(request),
      );
      return { alert: presentAlert(row) };
    },
  });
  app.route({
    ...operationRoute(actions.silence.other, actionErrors),
    handler: async (request) => {
      const alert = await otherAlertToChange(request, request.params.alert_guid);
      const row = await app.services.alerts.actions.silence(
        alert,
        request.body.silenced,
        userGuidOf(request),
      );
      return { alert: presentAlert(row) };
    },
  });
  app.route({
    ...operationRoute(actions.close.device, errors),
    handler: async (request) => {
      const alert = await deviceAlertToChange(request, request.params.device_guid, request.query.alert_guid);
      return { alert: presentAlert(await app.services.alerts.actions.close(alert, userGuidOf(request))) };
    },
  });
  app.route({
    ...operationRoute(actions.close.other, errors),
    handler: async (request) => {
      const alert = await otherAlertToChange(request, request.params.alert_guid);
      return { alert: presentAlert(await app.services.alerts.actions.close(alert, userGuidOf(request))) };
    },
  });

  app.route({
    ...operationRoute(actions.activeCount, errors),
    handler: async (request) => {
      const scope = await requireOrgMember(app, request);
      return { active: await alerts.countActive(scope.orgGuid, alertStoreStart()) };
    },
  });

  listRoute('other');
  listRoute('device');
  historyRoute('other');
  historyRoute('device');
  await app.register(orgAlertRulesRoutes);
};
