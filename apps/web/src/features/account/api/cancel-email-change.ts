import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** DELETE /account/email: drops the e-mail change waiting for its code. */
export const cancelEmailChange = () => callOperation(accountOperations.cancelEmailChange);

export function useCancelEmailChange() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: cancelEmailChange, onSuccess: store });
}
