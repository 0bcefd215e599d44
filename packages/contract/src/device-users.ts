import { z } from 'zod';
import { userAccessListSchema, userGuidListSchema } from './access.ts';
import { paginationQuerySchema, paginationTokenSchema } from './common.ts';
import { deviceParamsSchema } from './devices.ts';
import { defineOperation } from './operations.ts';
import { accessLevelSchema } from './orgs.ts';

/** Device users (spec 2 §2.5, §7; spec 3 §3.12, §6, §9): people given access to one device. */

/** The Users tab shows up to 200 rows (spec 3 §9); a list call answers at most that many per page. */
export const DEVICE_USERS_PAGE_SIZE = 200;

/**
 * Who manages a row: `org` for the members of the device's organization and `fleet` for the users of
 * a fleet holding the device ('Managed by Org' / 'Managed by Fleet', not editable here); null for the
 * device's own users.
 */
export const DEVICE_USER_MANAGERS = ['org', 'fleet'] as const;

export const deviceUserSchema = z.object({
  user_guid: z.string(),
  access: accessLevelSchema,
  /** Set when the row comes from the organization's membership. */
  org_guid: z.string().nullable(),
  /** Set when the row comes from a fleet's users: the fleet that grants it. */
  fleet_guid: z.string().nullable(),
  managed_by: z.enum(DEVICE_USER_MANAGERS).nullable(),
  name: z.string(),
  email: z.string(),
});
export type DeviceUser = z.infer<typeof deviceUserSchema>;

export const listDeviceUsersQuerySchema = paginationQuerySchema.extend({
  pagination_size: z.coerce.number().int().min(1).max(DEVICE_USERS_PAGE_SIZE).optional(),
});
export const listDeviceUsersResponseSchema = z.object({
  users: z.array(deviceUserSchema),
  pagination_token: paginationTokenSchema,
});
export type ListDeviceUsersResponse = z.infer<typeof listDeviceUsersResponseSchema>;

/** PUT /devices/{device_guid}/users: new access levels of the device's own users, saved together. */
export const saveDeviceUsersBodySchema = z.object({
  users: userAccessListSchema(DEVICE_USERS_PAGE_SIZE),
});
export type SaveDeviceUsersBody = z.infer<typeof saveDeviceUsersBodySchema>;

/** DELETE /devices/{device_guid}/users: the device's own users to remove. */
export const removeDeviceUsersBodySchema = z.object({
  users: userGuidListSchema(DEVICE_USERS_PAGE_SIZE),
});
export type RemoveDeviceUsersBody = z.infer<typeof removeDeviceUsersBodySchema>;

export const DEVICE_USER_ERRORS = {
  managed: 'Users managed by the organization cannot be changed on the device.',
  notDeviceUser: 'This user has no access to this device.',
} as const;

const ok = z.object({ ok: z.literal(true) });
const tags = ['device users'];

export const deviceUserOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/users',
    summary:
      "The device's users by name: its own, and the organization's members marked managed_by org (device editors)",
    tags,
    params: deviceParamsSchema,
    query: listDeviceUsersQuerySchema,
    status: 200,
    response: listDeviceUsersResponseSchema,
  }),
  save: defineOperation({
    method: 'PUT',
    path: '/devices/:device_guid/users',
    summary: "Change the access of the device's own users (device editors); managed rows are refused",
    tags,
    params: deviceParamsSchema,
    body: saveDeviceUsersBodySchema,
    status: 200,
    response: ok,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/devices/:device_guid/users',
    summary: "Remove users of the device (device editors); the organization's members are managed there",
    tags,
    params: deviceParamsSchema,
    body: removeDeviceUsersBodySchema,
    status: 200,
    response: ok,
  }),
};
