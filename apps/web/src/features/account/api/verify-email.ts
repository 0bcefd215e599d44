import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/email/verify {code}: the pending address becomes the account's e-mail. */
export const verifyEmail = (code: string) =>
  api.post('/account/email/verify', sessionUserSchema, { body: { code } });

export function useVerifyEmail() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: verifyEmail, onSuccess: store });
}
