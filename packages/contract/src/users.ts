import { z } from 'zod';
import { GROUPS } from './access.ts';
import { emailSchema, nameSchema, phoneSchema, USER_STATUSES } from './auth.ts';
import {
  guidSchema,
  inputText,
  okResponseSchema,
  paginationQuerySchema,
  paginationTokenSchema,
  reasonBodySchema,
  TEXT_LIMITS,
} from './common.ts';
import { defineOperation } from './operations.ts';

/** Platform user administration (spec 1 §2.7, §3 User and Group, §6, §7 /users). */

/** The user list shows this many rows a page (spec 1 §9). */
export const USERS_PAGE_SIZE = 50;
/** The search starts once typing has paused this long (spec 1 §9). */
export const USER_SEARCH_PAUSE_MS = 2000;

export const USER_SEARCH_ATTRIBUTES = ['name', 'email', 'phone_number'] as const;
export type UserSearchAttribute = (typeof USER_SEARCH_ATTRIBUTES)[number];

/** Query-string booleans: only the words true and false (z.coerce.boolean would read 'false' as true). */
const queryBoolean = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(fallback)
    .transform((value) => value === true || value === 'true');

export const listUsersQuerySchema = z.object({
  pagination_size: z.coerce.number().int().min(1).max(1000).default(USERS_PAGE_SIZE),
  pagination_token: paginationQuerySchema.shape.pagination_token,
  search_attribute: z.enum(USER_SEARCH_ATTRIBUTES).default('name'),
  search_value: inputText(TEXT_LIMITS.short).trim().optional(),
  /** Starts-with (the default) or contains. */
  starts_with: queryBoolean(true),
  /** Every account of this platform is enabled: enabled=false finds none. */
  enabled: queryBoolean(true),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const adminUserSchema = z.object({
  user_guid: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  phone_number: z.string().nullable(),
  phone_number_verified: z.boolean(),
  locale: z.string(),
  zoneinfo: z.string(),
  /** Where the profile picture is served, null without one. */
  picture: z.string().nullable(),
  /** EXTERNAL_PROVIDER is a single sign-on user, whose e-mail cannot be changed here. */
  status: z.enum(USER_STATUSES),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const isSsoUser = (user: Pick<AdminUser, 'status'>) => user.status === 'EXTERNAL_PROVIDER';

export const listUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  /** Every match of the search, over all pages. */
  total_found: z.number().int(),
  pagination_token: paginationTokenSchema,
});
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

export const userParamsSchema = z.object({ user_guid: guidSchema });
export const getUserResponseSchema = z.object({ user: adminUserSchema });

export const updateUserBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  /** Empty or null clears the phone number. */
  phone_number: z
    .union([z.literal(''), phoneSchema])
    .nullable()
    .optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const deleteUserBodySchema = reasonBodySchema;

export const groupSchema = z.object({ name: z.enum(GROUPS), description: z.string() });
export type Group = z.infer<typeof groupSchema>;
export const listGroupsResponseSchema = z.object({ groups: z.array(groupSchema) });

export const userGroupsSchema = z.object({ groups: z.array(z.enum(GROUPS)) });
export type UserGroups = z.infer<typeof userGroupsSchema>;

const tags = ['user administration'];

/** /users: platform user administration (spec 1 §7). */
export const userOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/users',
    summary: 'Search users by name, e-mail or phone, by name (UserManagement)',
    tags,
    query: listUsersQuerySchema,
    status: 200,
    response: listUsersResponseSchema,
  }),
  groups: defineOperation({
    method: 'GET',
    path: '/users/groups',
    summary: 'The platform groups that can be granted (any platform admin)',
    tags,
    status: 200,
    response: listGroupsResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/users/:user_guid',
    summary: 'One user (oneself, or anyone for UserManagement)',
    tags,
    params: userParamsSchema,
    status: 200,
    response: getUserResponseSchema,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/users/:user_guid',
    summary: "Edit a user's name, e-mail and phone (oneself, or anyone for UserManagement)",
    tags,
    params: userParamsSchema,
    body: updateUserBodySchema,
    status: 200,
    response: getUserResponseSchema,
  }),
  delete: defineOperation({
    method: 'DELETE',
    path: '/users/:user_guid',
    summary:
      'Delete a user with their sessions, tokens and memberships; the reason is logged (UserManagement)',
    tags,
    params: userParamsSchema,
    body: deleteUserBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  userGroups: defineOperation({
    method: 'GET',
    path: '/users/:user_guid/groups',
    summary: "A user's platform groups (UserManagement)",
    tags,
    params: userParamsSchema,
    status: 200,
    response: userGroupsSchema,
  }),
  replaceGroups: defineOperation({
    method: 'PUT',
    path: '/users/:user_guid/groups',
    summary: "Replace a user's platform groups (UserManagement)",
    tags,
    params: userParamsSchema,
    body: userGroupsSchema,
    status: 200,
    response: userGroupsSchema,
  }),
};
