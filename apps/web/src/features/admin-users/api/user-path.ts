/** Spec 1 §8's local message for a user call or page reached without a user guid. */
export const USER_GUID_NOT_SUPPLIED = 'user_guid not supplied';

/** The user's guid, checked: without one a call is not made (`/users/` is the user list). */
export function requireUserGuid(userGuid: string | null | undefined): string {
  if (!userGuid?.trim()) throw new Error(USER_GUID_NOT_SUPPLIED);
  return userGuid;
}
