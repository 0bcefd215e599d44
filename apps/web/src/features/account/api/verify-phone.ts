import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/phone/verify {code}: the profile's phone number becomes verified. */
export const verifyPhone = (code: string) => callOperation(accountOperations.verifyPhone, { body: { code } });

export function useVerifyPhone() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: verifyPhone, onSuccess: store });
}
