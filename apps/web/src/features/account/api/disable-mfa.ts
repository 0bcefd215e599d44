import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** DELETE /account/mfa: multi-factor authentication off (not for SSO accounts). */
export const disableMfa = () => callOperation(accountOperations.disableMfa);

export function useDisableMfa() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: disableMfa, onSuccess: store });
}
