import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client';
import { sessionStore } from './session-store';

/** POST /auth/sign-out ends the server session; failures do not keep anyone signed in. */
export async function signOut() {
  await api.post('/auth/sign-out', z.unknown(), { withOrg: false });
}

/** Logout (spec 1 §4.2): end the server session, then clear the session, organization and caches. */
export async function logout(queryClient: QueryClient) {
  if (sessionStore.getState().accessToken) await signOut().catch(() => undefined);
  clearLocalSession(queryClient);
}

export function clearLocalSession(queryClient: QueryClient) {
  sessionStore.clear();
  queryClient.clear();
}
