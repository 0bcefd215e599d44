import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/email/verify {code}: the pending address becomes the account's e-mail. */
export const verifyEmail = (code: string) => callOperation(accountOperations.verifyEmail, { body: { code } });

export function useVerifyEmail() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: verifyEmail, onSuccess: store });
}
