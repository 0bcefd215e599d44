import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/email {email}: a code goes to the new address, the user comes back with pending_email. */
export const changeEmail = (email: string) =>
  callOperation(accountOperations.changeEmail, { body: { email } });

export function useChangeEmail() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: changeEmail, onSuccess: store });
}
