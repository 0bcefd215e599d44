import { DEFAULT_EVENT_WINDOW_MS, eventOperations as operations } from '@ec/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EventsFilter, eventsReads } from '../../device-core/events/events.reads.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import { requireDeviceReader, requireOrgDevicesScope } from '../devices/device-access.ts';
import { presentEvent } from './event.presenter.ts';

const errors = errorResponses(400, 401, 404);
/** A page token carries the last event's time in microseconds and its guid. */
const eventPageKey = z.tuple([z.string().regex(/^\d{1,19}$/), z.uuid()]);

/**
 * Events (spec 2 §2.9): a device's to whoever may see the device, an organization's to whoever sees
 * its devices (a device user who is not a member sees only the granted devices' events).
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = eventsReads(app.db);

  const listPage = async (
    scope: { orgGuid: string | null; grantedTo?: string; deviceGuids?: readonly string[] },
    query: z.output<typeof operations.listForOrg.query>,
  ) => {
    const end = query.end_time ?? new Date();
    const filter: EventsFilter = {
      ...scope,
      start: query.start_time ?? new Date(end.getTime() - DEFAULT_EVENT_WINDOW_MS),
      end,
      before: decodePageToken(query.pagination_token, eventPageKey),
      limit: query.pagination_size + 1,
    };
    const rows = await events.list(filter);
    const { page, pagination_token } = pageOf(rows, query.pagination_size, (row) => [
      row.micros,
      row.event.eventGuid,
    ]);
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
};
