import { signInResponseSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /auth/sign-in: a session token, or a challenge to answer next. */
export const signIn = (credentials: Credentials) =>
  api.post('/auth/sign-in', signInResponseSchema, { body: credentials });

export const useSignIn = () => useMutation({ mutationFn: signIn });
