import { eventOperations as operations } from '@ec/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireDeviceReader, requireOrgDevicesScope } from '../devices/device-access.ts';
import { requireFleet } from '../fleets/fleet-access.ts';
import { presentEvent } from './event.presenter.ts';

const errors = errorResponses(400, 401, 404);

/**
 * Events (spec 2 §2.9): a device's to whoever may see the device, an organization's to whoever sees
 * its devices (a device user who is not a member sees only the granted devices' events).
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const listPage = async (
    scope: {
      orgGuid: string | null;
      grantedTo?: string;
      deviceGuids?: readonly string[];
      fleetGuid?: string;
    },
    query: z.output<typeof operations.listForOrg.query>,
  ) => {
    const { page, pagination_token } = await app.services.events.listPage(scope, query);
    return { events: page.map((row) => presentEvent(row.event, row)), pagination_token };
  };

  app.route({
    ...operationRoute(operations.listForDevice, errors),
    handler: async (request) => {
      const { device } = await requireDeviceReader(app, request, request.params.device_guid);
      return listPage({ orgGuid: device.orgGuid, deviceGuids: [device.deviceGuid] }, request.query);
    },
  });

  app.route({
    ...operationRoute(operations.listForOrg, errors),
    handler: async (request) => {
      const scope = await requireOrgDevicesScope(app, request, request.params.org_guid);
      return listPage({ ...scope, deviceGuids: request.query.device_guids }, request.query);
    },
  });

  // Whoever may read the fleet reads its events (decision 179).
  app.route({
    ...operationRoute(operations.listForFleet, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'view');
      return listPage(
        { orgGuid: fleet.orgGuid, fleetGuid: fleet.fleetGuid, deviceGuids: request.query.device_guids },
        request.query,
      );
    },
  });
};
