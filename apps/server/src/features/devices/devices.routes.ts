import {
  DEVICE_PAGE_SIZE,
  deviceOperations as operations,
  PROVISIONED_PAGE_SIZE,
} from '@ec/contract/devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { sendSharedJson } from '../../http/shared-json-answer.ts';
import { answeringDeviceFailures } from '../../shared/device-errors.ts';
import { requestedOrgGuid, requireActor, requireCaller } from '../auth/request-context.ts';
import { requireOrgEditor, requireOrgMember } from '../orgs/org-scope.ts';
import { presentDevice, presentDeviceRights, presentDeviceState } from './device.presenter.ts';
import {
  requireDeviceEditor,
  requireDeviceManager,
  requireDeviceReader,
  requireOrgDevicesScope,
} from './device-access.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const inventory = app.services.inventory;

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const { user } = requireCaller(request);
      if (request.query.user_guid && request.query.user_guid !== user.userGuid)
        throw ApiError.forbidden('Only your own device assignments can be listed');
      const pageSize = request.query.pagination_size ?? DEVICE_PAGE_SIZE;
      const orgGuid = requestedOrgGuid(request);
      // Assigned To Me is personal: every device granted to the caller, whichever organization the
      // page has selected (a grant usually sits in another organization); an org_guid query narrows it.
      if (request.query.user_guid)
        return inventory.listPage(
          { orgGuid: request.query.org_guid ?? null, grantedTo: user.userGuid },
          request.query,
          pageSize,
        );
      return inventory.listPage(await requireOrgDevicesScope(app, request, orgGuid), request.query, pageSize);
    },
  });

  app.route({
    ...operationRoute(operations.listProvisioned, errors),
    handler: async (request) => {
      requireDeviceManager(request);
      return inventory.listPage(
        { orgGuid: null },
        request.query,
        request.query.pagination_size ?? PROVISIONED_PAGE_SIZE,
      );
    },
  });

  app.route({
    ...operationRoute(operations.status, errors),
    handler: async (request, reply) => {
      const scope = await requireOrgMember(app, request);
      return sendSharedJson(request, reply, await inventory.statusAnswer(scope.orgGuid));
    },
  });

  app.route({
    ...operationRoute(operations.adopt, errors),
    handler: async (request) => {
      const scope = await requireOrgEditor(app, request);
      const deviceGuid = await inventory.adoptBySerial({
        serialNumber: request.query.serial_number,
        deviceGuid: request.query.device_guid,
        orgGuid: scope.orgGuid,
        actor: requireActor(request),
      });
      return { device_guid: deviceGuid };
    },
  });

  app.route({
    ...operationRoute(operations.forget, errors),
    handler: async (request) => {
      const { device, scope } = await requireDeviceEditor(app, request, request.params.device_guid);
      await app.services.devices.forget({
        deviceGuid: device.deviceGuid,
        orgGuid: scope.orgGuid,
        actor: requireActor(request),
        reason: request.body.reason,
      });
      return { ok: true as const };
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => {
      const { device, rights } = await requireDeviceReader(app, request, request.params.device_guid);
      const [commandsInFlight, alertCount] = await Promise.all([
        inventory.commandsInFlight(device.deviceGuid),
        inventory.activeAlertCount(device),
      ]);
      return {
        device: { ...presentDevice(device, alertCount), commands_in_flight: commandsInFlight },
        rights: presentDeviceRights(rights),
      };
    },
  });

  app.route({
    ...operationRoute(operations.state, errors),
    handler: async (request) => ({
      state: presentDeviceState((await requireDeviceReader(app, request, request.params.device_guid)).device),
    }),
  });

  app.route({
    ...operationRoute(operations.provision, { ...errors, ...errorResponses(503) }),
    handler: async (request, reply) => {
      requireDeviceManager(request);
      // 503 when the broker does not take the devices' accounts; nothing is provisioned then.
      const provisioned = await answeringDeviceFailures(() =>
        app.services.devices.provision({
          count: request.body.count,
          productName: request.body.product_name,
          partnerId: request.body.partner_id,
        }),
      );
      return reply.status(201).send({ devices: provisioned, mqtt_url: app.deviceLink.deviceBrokerUrl });
    },
  });
};
