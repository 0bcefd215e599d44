import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /auth/forgot-password: e-mails a reset code (the answer is the same for any e-mail). */
export const requestPasswordReset = (email: string) =>
  api.post('/auth/forgot-password', z.unknown(), { body: { email } });

/** POST /auth/reset-password: sets the new password with the e-mailed code. */
export const resetPassword = (body: { email: string; code: string; password: string }) =>
  api.post('/auth/reset-password', z.unknown(), { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
