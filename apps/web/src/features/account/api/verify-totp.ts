import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/totp/verify {code}: turns TOTP on. */
export const verifyTotp = (code: string) => callOperation(accountOperations.verifyTotp, { body: { code } });

export function useVerifyTotp() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: verifyTotp, onSuccess: store });
}
