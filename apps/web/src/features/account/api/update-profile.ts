import { accountOperations } from '@ec/contract/account';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import type { ProfilePatch } from '../logic/account-forms';
import { useStoreSessionUser } from './session-user-cache';

/** PATCH /account {name?, phone_number?, locale?, zoneinfo?} → the updated user. */
export const updateProfile = (body: ProfilePatch) => callOperation(accountOperations.updateProfile, { body });

export function useUpdateProfile() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: store });
}
