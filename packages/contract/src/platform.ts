import { z } from 'zod';
import { defineOperation } from './operations.ts';

/** The dismissible announcement at the top of the console (spec 1 §2.2). */
export const bannerSchema = z.object({
  banner_id: z.string().min(1),
  title: z.string().min(1),
  /** HTML, sanitized by the console before it is shown: no script can run from it. */
  html: z.string().default(''),
  /** A Material icon name; a bullhorn by default. */
  icon: z.string().default('campaign'),
  color: z.enum(['accent', 'primary', 'secondary', 'info', 'warning', 'error', 'success']).default('accent'),
});
export type Banner = z.infer<typeof bannerSchema>;

/** GET /config: what the console needs before sign-in. */
export const publicConfigSchema = z.object({
  deployment_name: z.string(),
  support_url: z.string(),
  debug: z.boolean(),
  banner: bannerSchema.nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /health: whether the process reaches its database and its broker. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  broker: z.object({ ok: z.boolean(), embedded: z.boolean() }),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /health/live: the process answers (an orchestrator restarts one that does not). */
export const livenessSchema = z.object({ status: z.literal('ok') });
/**
 * GET /health/ready: whether this process should be sent traffic: 200 when it reaches its database and
 * its broker, 503 with the same body (status not_ready) when it does not, or while it stops.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.boolean(),
  broker: z.boolean(),
  stopping: z.boolean(),
  /** Device messages this process has received and not yet stored: what monitoring watches for lag. */
  ingest_backlog: z.number().int().nonnegative(),
});
export type Readiness = z.infer<typeof readinessSchema>;

const tags = ['platform'];

export const platformOperations = {
  config: defineOperation({
    method: 'GET',
    path: '/config',
    summary: 'Public settings the console needs before sign-in',
    tags,
    status: 200,
    response: publicConfigSchema,
  }),
  health: defineOperation({
    method: 'GET',
    path: '/health',
    summary: 'State of the database and the broker',
    tags,
    status: 200,
    response: healthSchema,
  }),
  liveness: defineOperation({
    method: 'GET',
    path: '/health/live',
    summary: 'Whether the process answers (liveness probe)',
    tags,
    status: 200,
    response: livenessSchema,
  }),
  readiness: defineOperation({
    method: 'GET',
    path: '/health/ready',
    summary: 'Whether the process should take traffic: 503 without its database or broker, or while stopping',
    tags,
    status: 200,
    response: readinessSchema,
  }),
};
