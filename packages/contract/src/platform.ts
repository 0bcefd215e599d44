import { z } from 'zod';

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
