import { type SignUpBody, signUpResponseSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/sign-up: creates the account and e-mails a confirmation link. */
export const signUp = (body: SignUpBody) => api.post('/auth/sign-up', signUpResponseSchema, { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
