import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/phone/verify {code}: the profile's phone number becomes verified. */
export const verifyPhone = (code: string) =>
  api.post('/account/phone/verify', sessionUserSchema, { body: { code } });

export function useVerifyPhone() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: verifyPhone, onSuccess: store });
}
