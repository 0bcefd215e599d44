import { authOperations } from '@ec/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { callOperation } from '../api-client';
import { sessionStore } from './session-store';

/** POST /auth/sign-out ends the server session; failures do not keep anyone signed in. */
export async function signOut() {
  await callOperation(authOperations.signOut);
}

/** Logout (spec 1 §4.2): end the server session, then clear the session, organization and caches. */
export async function logout(queryClient: QueryClient) {
  if (sessionStore.getState().accessToken) await signOut().catch(() => undefined);
  clearLocalSession(queryClient, { signedOut: true });
}

/**
 * Clears the session, the organization and the caches. `signedOut` when the user ended the session
 * (Logout, account deletion): the login guard then sends to the plain login page, not back here.
 */
export function clearLocalSession(queryClient: QueryClient, options: { signedOut?: boolean } = {}) {
  sessionStore.clear(options);
  queryClient.clear();
}
