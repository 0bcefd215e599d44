import { authOperations } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /auth/confirm-sign-up with the e-mailed code. */
export const confirmSignUp = (body: { email: string; code: string }) =>
  callOperation(authOperations.confirmSignUp, { body });

export const useConfirmSignUp = () => useMutation({ mutationFn: confirmSignUp });
