import { z } from 'zod';

/** Every error the API answers with: a readable message and a stable machine code. */
export const errorResponseSchema = z.object({
  message: z.string(),
  error_code: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const guidSchema = z.uuid({ message: 'Must be a valid guid' });

/** Token paging used by every list call: the answer's pagination_token fetches the next page. */
export const paginationQuerySchema = z.object({
  pagination_size: z.coerce.number().int().min(1).max(1000).optional(),
  pagination_token: z.string().min(1).optional(),
});

export const paginationTokenSchema = z.string().nullable();

/** Only these statuses count as success in the console (spec 1 §7). */
export const SUCCESS_STATUSES = [200, 201, 202] as const;

/** The header that carries the organization scope on every request (spec 1 §4.2). */
export const ORG_HEADER = 'x-org-guid';

export const reasonBodySchema = z.object({
  reason: z.string().trim().min(1, 'A reason is required'),
});
