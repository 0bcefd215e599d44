import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /auth/resend-confirmation: e-mails a new confirmation link. */
export const resendConfirmation = (email: string) =>
  api.post('/auth/resend-confirmation', z.unknown(), { body: { email } });

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
