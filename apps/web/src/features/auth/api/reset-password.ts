import { authOperations } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /auth/forgot-password: e-mails a reset code (the answer is the same for any e-mail). */
export const requestPasswordReset = (email: string) =>
  callOperation(authOperations.forgotPassword, { body: { email } });

/** POST /auth/reset-password: sets the new password with the e-mailed code. */
export const resetPassword = (body: { email: string; code: string; password: string }) =>
  callOperation(authOperations.resetPassword, { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
