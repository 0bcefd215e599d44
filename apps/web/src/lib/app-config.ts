import { type PublicConfig, platformOperations } from '@ec/contract/platform';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_DEPLOYMENT_NAME } from '../config/links';
import { callOperation } from './api-client';

const fallback: PublicConfig = {
  deployment_name: DEFAULT_DEPLOYMENT_NAME,
  support_url: '',
  debug: false,
  banner: null,
};

/** GET /config (public): deployment name, support link and debug flag. */
export const getPublicConfig = () => callOperation(platformOperations.config);

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
