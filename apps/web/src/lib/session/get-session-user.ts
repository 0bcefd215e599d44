import { ApiError } from '@ec/client/api-error';
import { authOperations } from '@ec/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { queryRoots } from '../query-keys';
import { isSessionValid, sessionStore, useSession } from './session-store';

/** GET /auth/session: validates the stored token and names the signed-in user (spec 1 §4.2). */
export async function getSessionUser() {
  try {
    return await callOperation(authOperations.session);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) sessionStore.clear();
    throw error;
  }
}

/** Keyed without the token, so that a renewal keeps the cache; sign-in and logout clear it. */
export const sessionUserQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.session, 'user'] as const,
    queryFn: getSessionUser,
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useSessionUser() {
  const { expiresAt } = useSession();
  return useQuery({ ...sessionUserQueryOptions(), enabled: isSessionValid(expiresAt) });
}
