import { z } from 'zod';
import { guidSchema, paginationQuerySchema, paginationTokenSchema } from './common.ts';
import { defineOperation } from './operations.ts';
import { SHADOW_NAMES } from './shadows.ts';

/**
 * Shadow version history (beyond spec 3): every version a device reported of each shadow, when it was
 * reported and whose command caused it (null: the device itself). The server keeps it for a time and a
 * number of versions (README: SHADOW_HISTORY_DAYS).
 */

export const SHADOW_HISTORY_PAGE_SIZE = 50;
/** Versions are PostgreSQL integers: a larger number cannot name one. */
const MAX_VERSION = 2_147_483_647;

/** A shadow named in a path: an unknown name is a 400 that lists the known ones. */
export const shadowNameParamSchema = z.enum(SHADOW_NAMES, {
  error: () => `Unknown shadow name; expected one of ${SHADOW_NAMES.join(', ')}`,
});

export const shadowHistoryParamsSchema = z.object({
  device_guid: guidSchema,
  shadow_name: shadowNameParamSchema,
});

export const shadowVersionParamsSchema = shadowHistoryParamsSchema.extend({
  version: z.coerce
    .number({ error: 'The version must be a whole number' })
    .int('The version must be a whole number')
    .min(0, 'The version must be 0 or more')
    .max(MAX_VERSION, `The version must be at most ${MAX_VERSION}`),
});

export const listShadowVersionsQuerySchema = paginationQuerySchema.extend({
  pagination_size: paginationQuerySchema.shape.pagination_size.default(SHADOW_HISTORY_PAGE_SIZE),
});

/** Who caused a version: the user whose set command the device applied; null when the device changed it. */
export const causedBySchema = z.object({ user_guid: z.string(), email: z.string() }).nullable();

export const shadowVersionSummarySchema = z.object({
  version: z.number().int(),
  reported_at: z.iso.datetime(),
  caused_by: causedBySchema,
  /** The set command that produced the version; null when the device changed it itself. */
  command_guid: z.string().nullable(),
});
export type ShadowVersionSummary = z.infer<typeof shadowVersionSummarySchema>;

export const shadowVersionSchema = shadowVersionSummarySchema.extend({
  state: z.record(z.string(), z.unknown()),
});
export type ShadowVersion = z.infer<typeof shadowVersionSchema>;

export const listShadowVersionsResponseSchema = z.object({
  versions: z.array(shadowVersionSummarySchema),
  pagination_token: paginationTokenSchema,
});

const tags = ['shadows'];

export const shadowHistoryOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/shadows/:shadow_name/versions',
    summary: 'The versions a device reported of one shadow, newest first, with who caused each',
    tags,
    params: shadowHistoryParamsSchema,
    query: listShadowVersionsQuerySchema,
    status: 200,
    response: listShadowVersionsResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/shadows/:shadow_name/versions/:version',
    summary: 'One reported version of a shadow with its document',
    tags,
    params: shadowVersionParamsSchema,
    status: 200,
    response: shadowVersionSchema,
  }),
};
