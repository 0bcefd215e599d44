import { API_BASE } from '@ec/client/api-url';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * GET the user's `picture` path (it changes with every upload) with the bearer token: an <img>
 * cannot send it, so the picture comes as a blob for an object URL.
 */
export const getPicture = (path: string, signal?: AbortSignal) =>
  api.getBlob(path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path, { signal });

export const pictureQueryOptions = (path: string | null) =>
  queryOptions({
    queryKey: [...queryRoots.session, 'picture', path] as const,
    queryFn: ({ signal }) => getPicture(path ?? '', signal),
    enabled: Boolean(path),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePicture = (path: string | null) => useQuery(pictureQueryOptions(path));
