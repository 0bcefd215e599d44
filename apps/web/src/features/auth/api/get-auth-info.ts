import { authInfoSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth-info?email=: how an e-mail signs in and whether its account exists (spec 1 §4.1). */
export const getAuthInfo = (email: string) =>
  api.get('/auth-info', authInfoSchema, { params: { email: email.toLowerCase() } });

/** A look-up the user triggers, so it runs as a mutation (never cached, never refetched). */
export const useAuthInfoLookup = () => useMutation({ mutationFn: getAuthInfo });
