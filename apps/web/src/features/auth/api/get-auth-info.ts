import { authOperations } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** GET /auth-info?email=: how an e-mail signs in and whether its account exists (spec 1 §4.1). */
export const getAuthInfo = (email: string) =>
  callOperation(authOperations.info, { query: { email: email.toLowerCase() } });

/** A look-up the user triggers, so it runs as a mutation (never cached, never refetched). */
export const useAuthInfoLookup = () => useMutation({ mutationFn: getAuthInfo });
