import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_DEPLOYMENT_NAME } from '../config/links';
import { api } from './api-client';

// Not in @ec/contract yet (the server declares it in its platform routes); see the web report.
const publicConfigSchema = z.object({
  deployment_name: z.string(),
  support_url: z.string(),
  debug: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

const fallback: PublicConfig = { deployment_name: DEFAULT_DEPLOYMENT_NAME, support_url: '', debug: false };

/** GET /config (public): deployment name, support link and debug flag. */
export const getPublicConfig = () => api.get('/config', publicConfigSchema, { withOrg: false });

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: getPublicConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** The configuration, with the defaults while it loads or when it cannot be loaded. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQueryOptions);
  return { ...fallback, ...data, deployment_name: data?.deployment_name || fallback.deployment_name };
}
