import { authOperations } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /auth/sign-in: a session token, or a challenge to answer next. */
export const signIn = (credentials: Credentials) =>
  callOperation(authOperations.signIn, { body: credentials });

export const useSignIn = () => useMutation({ mutationFn: signIn });
