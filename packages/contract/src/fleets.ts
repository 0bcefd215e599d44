import { z } from 'zod';
import { userAccessListSchema, userGuidListSchema } from './access.ts';
import {
  guidSchema,
  inputText,
  okResponseSchema,
  paginationQuerySchema,
  paginationTokenSchema,
  TEXT_LIMITS,
} from './common.ts';
import { deviceSchema, devicesStatusSchema } from './devices.ts';
import { defineOperation } from './operations.ts';
import { accessLevelSchema } from './orgs.ts';

/** Fleets (spec 2 §2.6, §3, §4.12, §6, §7): groups of an organization's devices, with users of their own. */

/** The fleet list and a fleet's device list page by 50 (spec 2 §9). */
export const FLEET_PAGE_SIZE = 50;
/** The fleet users table shows up to 200 rows (spec 2 §9); a list call answers at most that many per page. */
export const FLEET_USERS_PAGE_SIZE = 200;
/** Devices added or removed in one call: a list holds up to 1000 rows (spec 2 §2.3). */
export const FLEET_DEVICES_PER_CALL = 1000;

/** Fleet name required (spec 2 §5). */
export const fleetNameSchema = inputText(TEXT_LIMITS.short, { error: 'Fleet name is required' })
  .trim()
  .min(1, 'Fleet name is required');

export const fleetSchema = z.object({
  fleet_guid: z.string(),
  fleet_name: z.string(),
  org_guid: z.string(),
  /** The caller may rename and delete the fleet and change its devices and users (spec 2 §6). */
  editable: z.boolean(),
  /** The caller may control the fleet's devices. */
  controllable: z.boolean(),
  created_at: z.string(),
});
export type Fleet = z.infer<typeof fleetSchema>;

export const fleetParamsSchema = z.object({ fleet_guid: guidSchema });

/**
 * GET /fleets: the organization's fleets (the x-org-guid header's) by name; with user_guid (the
 * caller's own: 'Assigned To Me') only the fleets the caller is a user of.
 */
export const listFleetsQuerySchema = paginationQuerySchema.extend({
  fleet_name: inputText(TEXT_LIMITS.short)
    .trim()
    .optional()
    .describe('Only fleets whose name contains this text, case-insensitively'),
  user_guid: guidSchema
    .optional()
    .describe("Only the fleets this user is a fleet user of (the caller's own)"),
});
export const listFleetsResponseSchema = z.object({
  fleets: z.array(fleetSchema),
  pagination_token: paginationTokenSchema,
});

export const createFleetBodySchema = z.object({ fleet_name: fleetNameSchema });
export const createFleetResponseSchema = z.object({ fleet_guid: z.string() });
export const getFleetResponseSchema = z.object({ fleet: fleetSchema });
export const renameFleetBodySchema = z.object({ fleet_name: fleetNameSchema });

/** Deleting a fleet needs a reason (spec 2 §5). */
export const deleteFleetBodySchema = z.object({
  reason: inputText(TEXT_LIMITS.long, { error: 'Reason is required' }).trim().min(1, 'Reason is required'),
});

/** A fleet's devices by name, 50 a page unless pagination_size says otherwise. */
export const listFleetDevicesQuerySchema = paginationQuerySchema;
export const listFleetDevicesResponseSchema = z.object({
  devices: z.array(deviceSchema),
  pagination_token: paginationTokenSchema,
});

/** POST and DELETE /fleets/{fleet_guid}/devices: the devices to add or remove. */
export const fleetDevicesBodySchema = z.object({
  devices: z
    .array(guidSchema, { error: 'List the devices' })
    .min(1, 'List at least one device')
    .max(FLEET_DEVICES_PER_CALL, `At most ${FLEET_DEVICES_PER_CALL} devices at once`)
    .refine((devices) => new Set(devices).size === devices.length, {
      message: 'Each device may be listed once',
    }),
});
export type FleetDevicesBody = z.infer<typeof fleetDevicesBodySchema>;

/** Fleet status (spec 2 §3): the fleet's counts and its devices' open alerts. */
export const fleetStatusSchema = devicesStatusSchema.extend({
  alerts: z.array(z.object({ alert_guid: z.string(), device_guid: z.string() })),
});
export type FleetStatus = z.infer<typeof fleetStatusSchema>;
export const fleetStatusResponseSchema = z.object({ status: fleetStatusSchema });

/**
 * A row of the fleet users table: the fleet's own users, and the members of its organization
 * (managed_by org, org_guid set: 'Managed by Org', not editable at fleet level).
 */
export const fleetUserSchema = z.object({
  user_guid: z.string(),
  access: accessLevelSchema,
  org_guid: z.string().nullable(),
  managed_by: z.enum(['org']).nullable(),
  name: z.string(),
  email: z.string(),
});
export type FleetUser = z.infer<typeof fleetUserSchema>;

export const listFleetUsersQuerySchema = paginationQuerySchema.extend({
  pagination_size: z.coerce.number().int().min(1).max(FLEET_USERS_PAGE_SIZE).optional(),
});
export const listFleetUsersResponseSchema = z.object({
  users: z.array(fleetUserSchema),
  pagination_token: paginationTokenSchema,
});

/** PUT /fleets/{fleet_guid}/users: new access levels of the fleet's own users, saved together. */
export const saveFleetUsersBodySchema = z.object({
  users: userAccessListSchema(FLEET_USERS_PAGE_SIZE),
});
export type SaveFleetUsersBody = z.infer<typeof saveFleetUsersBodySchema>;

/** DELETE /fleets/{fleet_guid}/users: the fleet's own users to remove. */
export const removeFleetUsersBodySchema = z.object({
  users: userGuidListSchema(FLEET_USERS_PAGE_SIZE),
});

export const FLEET_ERRORS = {
  notFound: 'Fleet not found',
  managed: 'Users managed by the organization cannot be changed at fleet level.',
  notFleetUser: 'This user is not a user of this fleet.',
  devicesNotFound: 'Devices not found in this organization',
  othersFleets: 'Only your own fleets can be listed here',
} as const;

const tags = ['fleets'];

export const fleetOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/fleets',
    summary:
      "The organization's fleets by name (x-org-guid); with user_guid (the caller's own) the fleets the caller is a user of",
    tags,
    query: listFleetsQuerySchema,
    status: 200,
    response: listFleetsResponseSchema,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/fleets',
    summary: 'Create a fleet in the organization (x-org-guid; organization editors)',
    tags,
    body: createFleetBodySchema,
    status: 201,
    response: createFleetResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid',
    summary: 'One fleet with what the caller may do with it',
    tags,
    params: fleetParamsSchema,
    status: 200,
    response: getFleetResponseSchema,
  }),
  rename: defineOperation({
    method: 'PATCH',
    path: '/fleets/:fleet_guid',
    summary: 'Rename a fleet (fleet editors)',
    tags,
    params: fleetParamsSchema,
    body: renameFleetBodySchema,
    status: 200,
    response: getFleetResponseSchema,
  }),
  delete: defineOperation({
    method: 'DELETE',
    path: '/fleets/:fleet_guid',
    summary: 'Delete a fleet, giving a reason (fleet editors); its devices stay in the organization',
    tags,
    params: fleetParamsSchema,
    body: deleteFleetBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  listDevices: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid/devices',
    summary: "The fleet's devices by name",
    tags,
    params: fleetParamsSchema,
    query: listFleetDevicesQuerySchema,
    status: 200,
    response: listFleetDevicesResponseSchema,
  }),
  addDevices: defineOperation({
    method: 'POST',
    path: '/fleets/:fleet_guid/devices',
    summary: "Add devices of the fleet's organization that the caller sees (fleet editors)",
    tags,
    params: fleetParamsSchema,
    body: fleetDevicesBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  removeDevices: defineOperation({
    method: 'DELETE',
    path: '/fleets/:fleet_guid/devices',
    summary: 'Remove devices from the fleet (fleet editors); devices not in it are left as they are',
    tags,
    params: fleetParamsSchema,
    body: fleetDevicesBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  status: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid/devices/status',
    summary: "The fleet's counts: devices, online, streaming, open alerts",
    tags,
    params: fleetParamsSchema,
    status: 200,
    response: fleetStatusResponseSchema,
  }),
  listUsers: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid/users',
    summary:
      "The fleet's users by name: its own, and the organization's members marked managed_by org (fleet editors)",
    tags,
    params: fleetParamsSchema,
    query: listFleetUsersQuerySchema,
    status: 200,
    response: listFleetUsersResponseSchema,
  }),
  saveUsers: defineOperation({
    method: 'PUT',
    path: '/fleets/:fleet_guid/users',
    summary: "Change the access of the fleet's own users (fleet editors); managed rows are refused",
    tags,
    params: fleetParamsSchema,
    body: saveFleetUsersBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  removeUsers: defineOperation({
    method: 'DELETE',
    path: '/fleets/:fleet_guid/users',
    summary: "Remove users of the fleet (fleet editors); the organization's members are managed there",
    tags,
    params: fleetParamsSchema,
    body: removeFleetUsersBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
};
