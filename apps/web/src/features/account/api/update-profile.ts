import { sessionUserSchema } from '@ec/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ProfilePatch } from '../logic/account-forms';
import { useStoreSessionUser } from './session-user-cache';

/** PATCH /account {name?, phone_number?, locale?, zoneinfo?} → the updated user. */
export const updateProfile = (body: ProfilePatch) => api.patch('/account', sessionUserSchema, { body });

export function useUpdateProfile() {
  const store = useStoreSessionUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: store });
}
