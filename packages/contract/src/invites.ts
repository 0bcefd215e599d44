import { z } from 'zod';
import { ACCESS } from './access.ts';
import { emailSchema } from './auth.ts';
import { guidSchema, okResponseSchema, paginationQuerySchema, paginationTokenSchema } from './common.ts';
import { defineOperation } from './operations.ts';
import { accessLevelSchema } from './orgs.ts';

/** Invitations (spec 1 §2.4, §3, §5, §7): bound to the invited e-mail address until accepted or cancelled. */

/** Tables of invites show, and a list call answers by default, at most this many rows (spec 1 §9). */
export const INVITE_TABLE_LIMIT = 200;

export const INVITE_ERRORS = {
  alreadyMember: 'A user with this email already exists in the organization.',
  alreadyDeviceUser: 'A user with this email already exists on this device.',
  alreadyFleetUser: 'A user with this email already exists in this fleet.',
  notFound: 'Invite not found',
} as const;

/** Exactly one of org_guid, fleet_guid and device_guid, or (for listing one's own invites) none. */
const targetShape = {
  org_guid: guidSchema.optional(),
  fleet_guid: guidSchema.optional(),
  device_guid: guidSchema.optional(),
};
const targetCount = (value: { org_guid?: string; fleet_guid?: string; device_guid?: string }) =>
  [value.org_guid, value.fleet_guid, value.device_guid].filter(Boolean).length;

export const listInvitesQuerySchema = paginationQuerySchema
  .extend(targetShape)
  .refine((query) => targetCount(query) <= 1, 'Give at most one of org_guid, fleet_guid and device_guid');
export type ListInvitesQuery = z.input<typeof listInvitesQuerySchema>;

export const inviteSchema = z.object({
  invite_guid: z.string(),
  target_email: z.string(),
  access: accessLevelSchema,
  org_guid: z.string().optional(),
  org_name: z.string().optional(),
  fleet_guid: z.string().optional(),
  fleet_name: z.string().optional(),
  device_guid: z.string().optional(),
  device_name: z.string().optional(),
  created_at: z.iso.datetime(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const listInvitesResponseSchema = z.object({
  invites: z.array(inviteSchema),
  pagination_token: paginationTokenSchema,
});
export type ListInvitesResponse = z.infer<typeof listInvitesResponseSchema>;

export const createInviteBodySchema = z
  .object({
    ...targetShape,
    target_email: emailSchema,
    access: accessLevelSchema.default(ACCESS.readOnly),
  })
  .refine((body) => targetCount(body) === 1, 'Give exactly one of org_guid, fleet_guid and device_guid');
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;

/** The invite form of the organization page: the organization comes from the page. */
export const inviteFormSchema = z.object({
  target_email: emailSchema,
  access: accessLevelSchema,
});
export type InviteForm = z.input<typeof inviteFormSchema>;

export const createInviteResponseSchema = z.object({ invite_guid: z.string() });

export const inviteParamsSchema = z.object({ invite_guid: guidSchema });
/** The target the console believes the invite belongs to; a mismatch answers 404 like an unknown invite. */
export const cancelInviteBodySchema = z
  .object(targetShape)
  .refine((body) => targetCount(body) <= 1, 'Give at most one of org_guid, fleet_guid and device_guid')
  .nullish();

export const inviteActionBodySchema = z.object({ invite_guid: guidSchema });
export const acceptInviteResponseSchema = z.object({
  org_guid: z.string().optional(),
  fleet_guid: z.string().optional(),
  device_guid: z.string().optional(),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

const tags = ['invites'];

/** /invites (spec 1 §7, spec 2 §7): invitations to organizations, fleets and devices. */
export const inviteOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/invites',
    summary:
      "A target's pending invites (org_guid, fleet_guid or device_guid), or without one the caller's own",
    tags,
    query: listInvitesQuerySchema,
    status: 200,
    response: listInvitesResponseSchema,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/invites',
    summary:
      'Invite an e-mail address to an organization, a fleet or a device (editors); re-inviting replaces',
    tags,
    body: createInviteBodySchema,
    status: 201,
    response: createInviteResponseSchema,
  }),
  cancel: defineOperation({
    method: 'DELETE',
    path: '/invites/:invite_guid',
    summary: 'Cancel a pending invite (editors of its target)',
    tags,
    params: inviteParamsSchema,
    body: cancelInviteBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  accept: defineOperation({
    method: 'POST',
    path: '/invites/accept',
    summary:
      'Accept an invite addressed to your confirmed e-mail: join the organization, or become a user of the fleet or the device',
    tags,
    body: inviteActionBodySchema,
    status: 200,
    response: acceptInviteResponseSchema,
  }),
  decline: defineOperation({
    method: 'POST',
    path: '/invites/decline',
    summary: 'Decline an invite addressed to your confirmed e-mail',
    tags,
    body: inviteActionBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
};
