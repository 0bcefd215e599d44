import { entitlementOperations as operations } from '@ec/contract/entitlements/entitlement-operations';
import {
  type CreateProfileBody,
  createProfileResponseSchema,
  PROFILE_PAGE_SIZE,
  type UpdateProfileBody,
} from '@ec/contract/entitlements/profiles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const profileKeys = {
  all: [...queryRoots.admin, 'entitlement-profiles'] as const,
  page: (token: string | null) => [...queryRoots.admin, 'entitlement-profiles', 'page', token] as const,
  one: (profileGuid: string) => [...queryRoots.admin, 'entitlement-profiles', 'one', profileGuid] as const,
};

/** GET /entitlements/profiles: the selector's page of 50 (spec 3 §2.8). */
export function useProfilesPage(token: string | null) {
  return useQuery({
    queryKey: profileKeys.page(token),
    queryFn: ({ signal }) =>
      callOperation(operations.listProfiles, {
        query: { pagination_size: PROFILE_PAGE_SIZE, pagination_token: token ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /entitlements/profiles/{profile_guid}: one profile with its properties. */
export function useProfile(profileGuid: string | undefined) {
  return useQuery({
    queryKey: profileKeys.one(profileGuid ?? ''),
    queryFn: ({ signal }) =>
      callOperation(operations.getProfile, { params: { profile_guid: profileGuid ?? '' }, signal }),
    enabled: Boolean(profileGuid),
  });
}

/** POST /entitlements/profiles → the new profile's guid. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateProfileBody) =>
      createProfileResponseSchema.parse(await callOperation(operations.createProfile, { body })).profile_guid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** PATCH /entitlements/profiles/{profile_guid}: name and properties; the platform stays. */
export function useUpdateProfile(profileGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      callOperation(operations.updateProfile, { params: { profile_guid: profileGuid }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** DELETE /entitlements/profiles/{profile_guid} with its reason (spec 3 §5). */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileGuid, reason }: { profileGuid: string; reason: string }) =>
      callOperation(operations.deleteProfile, { params: { profile_guid: profileGuid }, body: { reason } }),
    onSuccess: (_answer, { profileGuid }) =>
      queryClient.removeQueries({ queryKey: profileKeys.one(profileGuid) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
