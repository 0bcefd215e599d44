import { authOperations } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** POST /auth/resend-confirmation: e-mails a new confirmation link. */
export const resendConfirmation = (email: string) =>
  callOperation(authOperations.resendConfirmation, { body: { email } });

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
