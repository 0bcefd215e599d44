import { z } from 'zod';
import { ACCESS_LEVELS, userAccessListSchema } from './access.ts';
import {
  guidSchema,
  inputText,
  okResponseSchema,
  paginationQuerySchema,
  paginationTokenSchema,
  TEXT_LIMITS,
} from './common.ts';
import { defineOperation } from './operations.ts';

export const accessLevelSchema = z.union(ACCESS_LEVELS.map((level) => z.literal(level)));

export const orgNameSchema = inputText(TEXT_LIMITS.short).trim().min(1, 'Organization name is required');

export const orgSchema = z.object({
  org_guid: z.string(),
  org_name: z.string(),
  access: accessLevelSchema,
});
export type Org = z.infer<typeof orgSchema>;

/**
 * Whose organizations GET /orgs lists: `member`, the caller's (or, with user_guid, another user's)
 * memberships, the default; `all`, every organization of the platform, for OrganizationManagement.
 */
export const ORG_LIST_SCOPES = ['member', 'all'] as const;
export type OrgListScope = (typeof ORG_LIST_SCOPES)[number];

export const listOrgsQuerySchema = paginationQuerySchema.extend({
  org_name: inputText(TEXT_LIMITS.short).optional(),
  user_guid: guidSchema.optional(),
  scope: z.enum(ORG_LIST_SCOPES).optional(),
});
export const listOrgsResponseSchema = z.object({
  orgs: z.array(orgSchema),
  pagination_token: paginationTokenSchema,
});

export const createOrgBodySchema = z.object({ org_name: orgNameSchema });
export const createOrgResponseSchema = z.object({ org_guid: z.string() });
export const getOrgResponseSchema = z.object({ org: orgSchema });

/** Page sizes of spec 1 §9: organization lists and organization users 50; the edit page's tables 200 rows. */
export const ORG_PAGE_SIZE = 50;
export const ORG_USERS_PAGE_SIZE = 50;
export const ORG_TABLE_MAX_ROWS = 200;

export const orgParamsSchema = z.object({ org_guid: guidSchema });

export const renameOrgBodySchema = z.object({ org_name: orgNameSchema });

/** Deleting an organization needs a reason (spec 1 §5). */
export const deleteOrgBodySchema = z.object({
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required'),
});

export const orgUserSchema = z.object({
  user_guid: z.string(),
  name: z.string(),
  email: z.string(),
  access: accessLevelSchema,
});
export type OrgUser = z.infer<typeof orgUserSchema>;

export const listOrgUsersQuerySchema = paginationQuerySchema;
export const listOrgUsersResponseSchema = z.object({
  users: z.array(orgUserSchema),
  pagination_token: paginationTokenSchema,
});

/** PUT /orgs/{org_guid}/users: the access level of every listed member, saved together (spec 1 §4.3). */
export const saveOrgUsersBodySchema = z.object({
  users: userAccessListSchema(),
});
export type SaveOrgUsersBody = z.infer<typeof saveOrgUsersBodySchema>;

/** DELETE /orgs/{org_guid}/users: members to remove. */
export const removeOrgUsersBodySchema = z.object({
  users: z.array(guidSchema).min(1, 'List at least one user'),
});

const tags = ['organizations'];

/** /orgs and an organization's members (spec 1 §4.2, §4.3, §7). */
export const orgOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/orgs',
    summary:
      "The caller's organizations by name; user administrators may list another user's (user_guid), " +
      'OrganizationManagement holders every organization (scope=all, each with access 300)',
    tags,
    query: listOrgsQuerySchema,
    status: 200,
    response: listOrgsResponseSchema,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/orgs',
    summary: 'Create an organization; the creator becomes its admin',
    tags,
    body: createOrgBodySchema,
    status: 201,
    response: createOrgResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/orgs/:org_guid',
    summary: 'One organization with the caller’s access (300 for OrganizationManagement holders)',
    tags,
    params: orgParamsSchema,
    status: 200,
    response: getOrgResponseSchema,
  }),
  rename: defineOperation({
    method: 'PATCH',
    path: '/orgs/:org_guid',
    summary: 'Rename an organization (organization admins)',
    tags,
    params: orgParamsSchema,
    body: renameOrgBodySchema,
    status: 200,
    response: getOrgResponseSchema,
  }),
  delete: defineOperation({
    method: 'DELETE',
    path: '/orgs/:org_guid',
    summary: 'Delete an organization, giving a reason (organization admins); its devices are released',
    tags,
    params: orgParamsSchema,
    body: deleteOrgBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  listUsers: defineOperation({
    method: 'GET',
    path: '/orgs/:org_guid/users',
    summary: "An organization's members by name (every member may read them)",
    tags,
    params: orgParamsSchema,
    query: listOrgUsersQuerySchema,
    status: 200,
    response: listOrgUsersResponseSchema,
  }),
  saveUsers: defineOperation({
    method: 'PUT',
    path: '/orgs/:org_guid/users',
    summary: 'Save the access levels of the listed members (organization admins); one admin must remain',
    tags,
    params: orgParamsSchema,
    body: saveOrgUsersBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  removeUsers: defineOperation({
    method: 'DELETE',
    path: '/orgs/:org_guid/users',
    summary: 'Remove members (organization admins); one admin must remain',
    tags,
    params: orgParamsSchema,
    body: removeOrgUsersBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
};
