import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/totp/verify {code}: turns TOTP on. */
export const verifyTotp = (code: string) =>
  api.post('/account/totp/verify', sessionUserSchema, { body: { code } });

export function useVerifyTotp() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: verifyTotp, onSuccess: store });
}
