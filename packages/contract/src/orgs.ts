import { z } from 'zod';
import { ACCESS_LEVELS } from './access.ts';
import { paginationQuerySchema, paginationTokenSchema } from './common.ts';

export const accessLevelSchema = z.union(ACCESS_LEVELS.map((level) => z.literal(level)));

export const orgNameSchema = z.string().trim().min(1, 'Organization name is required');

export const orgSchema = z.object({
  org_guid: z.string(),
  org_name: z.string(),
  access: accessLevelSchema,
});
export type Org = z.infer<typeof orgSchema>;

export const listOrgsQuerySchema = paginationQuerySchema.extend({
  org_name: z.string().optional(),
  user_guid: z.string().optional(),
});
export const listOrgsResponseSchema = z.object({
  orgs: z.array(orgSchema),
  pagination_token: paginationTokenSchema,
});

export const createOrgBodySchema = z.object({ org_name: orgNameSchema });
export const createOrgResponseSchema = z.object({ org_guid: z.string() });
export const getOrgResponseSchema = z.object({ org: orgSchema });
