import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /auth/confirm-sign-up with the e-mailed code. */
export const confirmSignUp = (body: { email: string; code: string }) =>
  api.post('/auth/confirm-sign-up', z.unknown(), { body });

export const useConfirmSignUp = () => useMutation({ mutationFn: confirmSignUp });
