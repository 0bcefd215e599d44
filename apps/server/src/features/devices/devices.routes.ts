import { alertStoreStart } from '@ec/contract/alerts';
import {
  DEVICE_PAGE_SIZE,
  type listProvisionedDevicesQuerySchema,
  deviceOperations as operations,
  PROVISIONED_PAGE_SIZE,
} from '@ec/contract/devices';
import { STREAMING_STATUS } from '@ec/contract/streaming-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { deviceCommandsRepository } from '../../device-core/device-commands/device-commands.repository.ts';
import { devicesRepository } from '../../device-core/devices/devices.repository.ts';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { decodePageToken, namePageKey, pageOf } from '../../http/pagination.ts';
import { RATE_LIMITS, rateLimiter } from '../../http/rate-limiter.ts';
import { answeringDeviceFailures } from '../../shared/device-errors.ts';
import { alertsRepository } from '../alerts/alerts.repository.ts';
import { requestedOrgGuid, requireCaller } from '../auth/request-context.ts';
import { requireOrgEditor, requireOrgMember } from '../orgs/org-scope.ts';
import {
  presentDevice,
  presentDeviceRights,
  presentDeviceState,
  streamingStatusOf,
} from './device.presenter.ts';
import {
  requireDeviceEditor,
  requireDeviceManager,
  requireDeviceReader,
  requireOrgDevicesScope,
} from './device-access.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = devicesRepository(app.db);

  /** One page of devices by name: an organization's, or with null every provisioned device. */
  const listPage = async (
    scope: { orgGuid: string | null; grantedTo?: string },
    query: z.output<typeof listProvisionedDevicesQuerySchema>,
    pageSize: number,
  ) => {
    const rows = await devices.list({
      ...scope,
      serialContains: query.serial_number || undefined,
      nameContains: query.device_name || undefined,
      productNames: query.product_names,
      after: decodePageToken(query.pagination_token, namePageKey),
      limit: pageSize + 1,
    });
    const { page, pagination_token } = pageOf(rows, pageSize, (row) => [row.sortName, row.device.deviceGuid]);
    return { devices: page.map((row) => presentDevice(row.device)), pagination_token };
  };
  const limits = rateLimiter(app.db);
  const alerts = alertsRepository(app.db);

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
        return listPage(
          { orgGuid: request.query.org_guid ?? null, grantedTo: user.userGuid },
          request.query,
          pageSize,
        );
      return listPage(await requireOrgDevicesScope(app, request, orgGuid), request.query, pageSize);
    },
  });

  app.route({
    ...operationRoute(operations.listProvisioned, errors),
    handler: async (request) => {
      requireDeviceManager(request);
      return listPage(
        { orgGuid: null },
        request.query,
        request.query.pagination_size ?? PROVISIONED_PAGE_SIZE,
      );
    },
  });

  app.route({
    ...operationRoute(operations.status, errors),
    handler: async (request) => {
      const scope = await requireOrgMember(app, request);
      const [rows, activeAlerts] = await Promise.all([
        devices.listForOrg(scope.orgGuid),
        alerts.countActive(scope.orgGuid, alertStoreStart()),
      ]);
      const online = rows.filter((row) => row.online).map((row) => row.deviceGuid);
      const streaming = rows
        .filter((row) => streamingStatusOf(row) === STREAMING_STATUS.streaming)
        .map((row) => row.deviceGuid);
      return {
        status: {
          total_devices: rows.length,
          total_online: online.length,
          total_streaming: streaming.length,
          total_alerts: activeAlerts,
          devices_online: online,
          devices_streaming: streaming,
        },
      };
    },
  });

  app.route({
    ...operationRoute(operations.adopt, errors),
    handler: async (request) => {
      const scope = await requireOrgEditor(app, request);
      const { serial_number, device_guid } = request.query;
      // Guessing serial numbers is the way to claim someone's device: unknown serials count against the
      // user, and each serial takes only so many attempts from anyone.
      const failures = `adopt:failures:user:${requireCaller(request).user.userGuid}`;
      await limits.assertUnderLimit(failures, RATE_LIMITS.adoptFailuresPerUser);
      await limits.hit([{ key: `adopt:serial:${serial_number}`, rule: RATE_LIMITS.adoptAttemptsPerSerial }]);
      const device = await devices.findBySerial(serial_number);
      if (!device || (device_guid && device.deviceGuid !== device_guid)) {
        await limits.countFailure(failures, RATE_LIMITS.adoptFailuresPerUser);
        throw ApiError.notFound(`No device with serial number ${serial_number}`, 'DEVICE_NOT_FOUND');
      }
      if (device.orgGuid === scope.orgGuid)
        throw ApiError.conflict('This device is already in this organization', 'DEVICE_ALREADY_ADOPTED');
      const { user } = requireCaller(request);
      const adopted = await app.services.devices.adopt({
        deviceGuid: device.deviceGuid,
        orgGuid: scope.orgGuid,
        actor: { userGuid: user.userGuid, email: user.email },
      });
      if (!adopted)
        throw ApiError.conflict('This device belongs to another organization', 'DEVICE_ADOPTED_ELSEWHERE');
      return { device_guid: device.deviceGuid };
    },
  });

  app.route({
    ...operationRoute(operations.forget, errors),
    handler: async (request) => {
      const { device, scope } = await requireDeviceEditor(app, request, request.params.device_guid);
      const { user } = requireCaller(request);
      await app.services.devices.forget({
        deviceGuid: device.deviceGuid,
        orgGuid: scope.orgGuid,
        actor: { userGuid: user.userGuid, email: user.email },
        reason: request.body.reason,
      });
      return { ok: true as const };
    },
  });

  app.route({
    ...operationRoute(operations.get, errors),
    handler: async (request) => {
      const { device, rights } = await requireDeviceReader(app, request, request.params.device_guid);
      const commandsInFlight = await deviceCommandsRepository(app.db).inFlight(device.deviceGuid);
      return {
        device: { ...presentDevice(device), commands_in_flight: commandsInFlight },
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
        app.services.devices.provision({ count: request.body.count, productName: request.body.product_name }),
      );
      return reply.status(201).send({ devices: provisioned, mqtt_url: app.deviceLink.deviceBrokerUrl });
    },
  });
};
