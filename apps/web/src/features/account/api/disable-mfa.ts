import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** DELETE /account/mfa: multi-factor authentication off (not for SSO accounts). */
export const disableMfa = () => api.delete('/account/mfa', sessionUserSchema);

export function useDisableMfa() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: disableMfa, onSuccess: store });
}
