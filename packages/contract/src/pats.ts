import { z } from 'zod';
import { guidSchema, inputText, okResponseSchema, TEXT_LIMITS } from './common.ts';
import { defineOperation } from './operations.ts';

/** Personal access tokens (spec 1 §3, §4.4, §6, §7): bearer secrets for scripts, with their owner's rights. */

/** A new token lives this many days unless asked otherwise (spec 1 §9). */
export const PAT_DEFAULT_LIFESPAN_DAYS = 365;
/**
 * Spec 1 §9's token lifespan is also the longest one: a shorter life may be asked for, a longer one is
 * refused, so no bearer secret outlives a year.
 */
export const PAT_MAX_LIFESPAN_DAYS = 365;
export const PAT_COMMENT_MAX_LENGTH = 200;
/** The token table shows, and the list call answers, at most this many rows (spec 1 §9). */
export const PAT_TABLE_LIMIT = 200;
/**
 * token_prefix is the value's first 5 characters: enough to tell a user's tokens apart, useless to use
 * one. Scripts written for the published API find their token in the list by comparing token_prefix
 * with the first five characters of the value they hold, so values have no constant lead.
 */
export const PAT_VISIBLE_PREFIX_LENGTH = 5;
export const patPrefixOf = (tokenValue: string) => tokenValue.slice(0, PAT_VISIBLE_PREFIX_LENGTH);

export const listPatsQuerySchema = z.object({
  /** Whose tokens: one's own (the default), or anyone's for user administrators. */
  user_guid: guidSchema.optional(),
});

export const patSchema = z.object({
  token_guid: z.string(),
  /** The first characters of the value: enough to recognise the token, useless to use it. */
  token_prefix: z.string(),
  last_used: z.iso.datetime().nullable(),
  issued: z.iso.datetime(),
  expires: z.iso.datetime(),
  comment: z.string(),
});
export type Pat = z.infer<typeof patSchema>;

export const listPatsResponseSchema = z.object({
  personal_access_tokens: z.array(patSchema),
});
export type ListPatsResponse = z.infer<typeof listPatsResponseSchema>;

export const patLifespanSchema = z
  .number({ error: 'Lifespan must be a number of days' })
  .int('Lifespan must be a whole number of days')
  .min(1, 'Lifespan must be at least 1 day')
  .max(PAT_MAX_LIFESPAN_DAYS, `Lifespan must be at most ${PAT_MAX_LIFESPAN_DAYS} days`);

export const patCommentSchema = inputText(TEXT_LIMITS.long)
  .trim()
  .max(PAT_COMMENT_MAX_LENGTH, `Comment must be at most ${PAT_COMMENT_MAX_LENGTH} characters`);

export const createPatBodySchema = z.object({
  token_lifespan_days: patLifespanSchema.default(PAT_DEFAULT_LIFESPAN_DAYS),
  comment: patCommentSchema.default(''),
});
export type CreatePatBody = z.input<typeof createPatBodySchema>;

/** The only answer that carries the token value: it is never shown again. */
export const createPatResponseSchema = z.object({
  token_guid: z.string(),
  token_value: z.string(),
  expires: z.iso.datetime(),
});
export type CreatePatResponse = z.infer<typeof createPatResponseSchema>;

export const patParamsSchema = z.object({ token_guid: guidSchema });

const tags = ['access tokens'];

/** /pats (spec 1 §7). */
export const patOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/pats',
    summary: "A user's access tokens, newest first (another user's needs UserManagement)",
    tags,
    query: listPatsQuerySchema,
    status: 200,
    response: listPatsResponseSchema,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/pats',
    summary: 'Create an access token for the caller; its value is shown only in this answer',
    tags,
    body: createPatBodySchema,
    status: 201,
    response: createPatResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/pats/:token_guid',
    summary: "One access token: the caller's own, or another user's for user administrators",
    tags,
    params: patParamsSchema,
    status: 200,
    response: patSchema,
  }),
  revoke: defineOperation({
    method: 'DELETE',
    path: '/pats/:token_guid',
    summary: "Revoke one of the caller's access tokens",
    tags,
    params: patParamsSchema,
    status: 200,
    response: okResponseSchema,
  }),
};
