import { authOperations, type SignUpBody } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /auth/sign-up: creates the account and e-mails a confirmation link. */
export const signUp = (body: SignUpBody) => callOperation(authOperations.signUp, { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
