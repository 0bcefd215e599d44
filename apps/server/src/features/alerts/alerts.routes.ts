import { type AlertType, alertActionOperations as actions, alertOperations } from '@ec/contract/alerts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireDeviceEditor, requireDeviceReader } from '../devices/device-access.ts';
import { requireOrgEditor, requireOrgMember } from '../orgs/org-scope.ts';
import { presentAlert } from './alert.presenter.ts';
import { alertNotFound } from './alerts.service.ts';
import { orgAlertRulesRoutes } from './org-alert-rules.routes.ts';

const errors = errorResponses(400, 401, 403, 404);
const actionErrors = { ...errors, ...errorResponses(409) };

/**
 * The alert calls of spec 2 §7: the current lists and the history (any member reads them), the active
 * count for the bell, a device's active alerts (whoever may view the device reads them), and silence, unsilence and close, which need edit rights on the alert's device
 * (spec 2 §6), or on the organization for an alert of no device.
 */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = app.services.alerts;

  const listRoute = (alertType: AlertType) =>
    app.route({
      ...operationRoute(alertOperations[alertType], errors),
      handler: async (request) => {
        const scope = await requireOrgMember(app, request);
        const { page, pagination_token } = await alerts.list(scope.orgGuid, alertType, request.query);
        return { alerts: page.map(presentAlert), pagination_token };
      },
    });

  const historyRoute = (alertType: AlertType) =>
    app.route({
      ...operationRoute(actions.history[alertType], errors),
      handler: async (request) => {
        const scope = await requireOrgMember(app, request);
        const { page, pagination_token } = await alerts.history(scope.orgGuid, alertType, request.query);
        return { alerts: page.map(presentAlert), pagination_token };
      },
    });

  /** The device alert a device call names, once the caller may edit the device. */
  const deviceAlertToChange = async (request: FastifyRequest, deviceGuid: string, alertGuid: string) => {
    const access = await requireDeviceEditor(app, request, deviceGuid);
    return alerts.deviceAlert({ deviceGuid, orgGuid: access.device.orgGuid }, alertGuid);
  };

  /** A legacy or other alert: its device's editors change it, or the organization's for one of no device. */
  const otherAlertToChange = async (request: FastifyRequest, alertGuid: string) => {
    const alert = await alerts.otherAlert(alertGuid);
    if (alert.deviceGuid) {
      const access = await requireDeviceEditor(app, request, alert.deviceGuid);
      if (access.device.orgGuid !== alert.orgGuid) throw alertNotFound();
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
      const row = await alerts.silence(alert, request.body.silenced, userGuidOf(request));
      return { alert: presentAlert(row) };
    },
  });
  app.route({
    ...operationRoute(actions.silence.other, actionErrors),
    handler: async (request) => {
      const alert = await otherAlertToChange(request, request.params.alert_guid);
      const row = await alerts.silence(alert, request.body.silenced, userGuidOf(request));
      return { alert: presentAlert(row) };
    },
  });
  app.route({
    ...operationRoute(actions.close.device, errors),
    handler: async (request) => {
      const alert = await deviceAlertToChange(request, request.params.device_guid, request.query.alert_guid);
      return { alert: presentAlert(await alerts.close(alert, userGuidOf(request))) };
    },
  });
  app.route({
    ...operationRoute(actions.close.other, errors),
    handler: async (request) => {
      const alert = await otherAlertToChange(request, request.params.alert_guid);
      return { alert: presentAlert(await alerts.close(alert, userGuidOf(request))) };
    },
  });

  app.route({
    ...operationRoute(actions.deviceActive, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      return { alerts: (await alerts.activeOfDevice(device)).map(presentAlert) };
    },
  });

  app.route({
    ...operationRoute(actions.activeCount, errors),
    handler: async (request) => {
      const scope = await requireOrgMember(app, request);
      return { active: await alerts.activeCount(scope.orgGuid) };
    },
  });

  listRoute('other');
  listRoute('device');
  historyRoute('other');
  historyRoute('device');
  await app.register(orgAlertRulesRoutes);
};
