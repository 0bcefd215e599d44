import { z } from 'zod';
import {
  deviceGuidsQuery,
  guidSchema,
  optionalTimeQuery,
  paginationQuerySchema,
  paginationTokenSchema,
  startNotAfterEnd,
} from './common.ts';
import { fleetParamsSchema } from './fleets.ts';
import { defineOperation } from './operations.ts';
import { orgParamsSchema } from './orgs.ts';

/**
 * Device and organization events (spec 2 §2.9, §3, §7): what happened to a device, newest first. The
 * events the console records are its audit log: who adopted, forgot, changed or commanded a device.
 */

/** Rows of an events table (spec 2 §9 "Device and event page size"). */
export const EVENT_PAGE_SIZE = 25;
/** Without a start, the window is the last day (spec 2 §9 "Default event window"). */
export const DEFAULT_EVENT_WINDOW_MS = 24 * 60 * 60_000;
/** Devices one query may name. */
export const EVENT_DEVICES_MAX = 100;

/**
 * The kinds the tables render each in their own way (spec 2 §2.9); a device may publish others, and
 * the console records 'command' for device commands.
 */
export const EVENT_TYPES = ['state', 'shadow', 'device_alert', 'alert', 'agent', 'command'] as const;

/**
 * What an event says (spec 2 §3): a message, and per kind the fields below. Events a device publishes
 * may carry more; they are kept as they came.
 */
export const eventDataSchema = z.looseObject({
  message: z.string().optional(),
  from_state: z.unknown().optional(),
  to_state: z.unknown().optional(),
  /** For a shadow command: the shadow version it was written against and the one the device answered. */
  from_shadow: z.unknown().optional(),
  to_shadow: z.unknown().optional(),
  shadow_name: z.string().optional(),
  thread_name: z.string().optional(),
  death_count: z.number().optional(),
  last_death_time: z.string().optional(),
  agent: z.string().optional(),
  /** The user who caused it, when a person did. */
  user_guid: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
});
export type EventData = z.infer<typeof eventDataSchema>;

export const eventSchema = z.object({
  event_guid: z.string(),
  event_type: z.string(),
  timestamp: z.iso.datetime(),
  /** Null for an event of a fleet itself (created, renamed, its users and invites; decision 179). */
  device_guid: z.string().nullable(),
  /** The fleet the event is about, when it is one: a fleet's own change or a device added or removed. */
  fleet_guid: z.string().nullable(),
  /** The device's name now, for the Device column of an organization's events. */
  device_name: z.string().nullable(),
  event_data: eventDataSchema,
});
export type DeviceEvent = z.infer<typeof eventSchema>;

export const listEventsQuerySchema = paginationQuerySchema
  .extend({
    pagination_size: paginationQuerySchema.shape.pagination_size.default(EVENT_PAGE_SIZE),
    start_time: optionalTimeQuery('Oldest event to list; the last 24 hours when absent'),
    end_time: optionalTimeQuery('Newest event to list; now when absent'),
    device_guids: deviceGuidsQuery(EVENT_DEVICES_MAX)
      .optional()
      .describe('Only these devices (comma list or repeated)'),
  })
  .refine(...startNotAfterEnd);
export type ListEventsQuery = z.input<typeof listEventsQuerySchema>;

export const listEventsResponseSchema = z.object({
  events: z.array(eventSchema),
  pagination_token: paginationTokenSchema,
});
export type ListEventsResponse = z.infer<typeof listEventsResponseSchema>;

const tags = ['events'];

export const eventOperations = {
  listForDevice: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/events',
    summary: "A device's events, newest first",
    tags,
    params: z.object({ device_guid: guidSchema }),
    query: listEventsQuerySchema,
    status: 200,
    response: listEventsResponseSchema,
  }),
  listForOrg: defineOperation({
    method: 'GET',
    path: '/orgs/:org_guid/events',
    summary: "The events of an organization's devices, newest first",
    tags,
    params: orgParamsSchema,
    query: listEventsQuerySchema,
    status: 200,
    response: listEventsResponseSchema,
  }),
  listForFleet: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid/events',
    summary:
      "A fleet's events, newest first: its own changes (created, renamed, users, invites), devices added and removed, and the events of its devices",
    tags,
    params: fleetParamsSchema,
    query: listEventsQuerySchema,
    status: 200,
    response: listEventsResponseSchema,
  }),
};
