import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSessionUser } from './session-user-cache';

/** POST /account/email {email}: a code goes to the new address, the user comes back with pending_email. */
export const changeEmail = (email: string) =>
  api.post('/account/email', sessionUserSchema, { body: { email } });

export function useChangeEmail() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: changeEmail, onSuccess: store });
}
