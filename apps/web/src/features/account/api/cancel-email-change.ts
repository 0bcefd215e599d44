import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** DELETE /account/email: drops the e-mail change waiting for its code. */
export const cancelEmailChange = () => api.delete('/account/email', sessionUserSchema);

export function useCancelEmailChange() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: cancelEmailChange, onSuccess: store });
}
