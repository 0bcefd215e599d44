/** Spec 1 §8's local message for an organization call or page reached without an organization guid. */
export const ORG_GUID_NOT_SUPPLIED = 'org_guid not supplied';

/**
 * The organization's guid, checked: without one the call is not made at all (`/orgs/` would reach
 * the organization list instead).
 */
export function requireOrgGuid(orgGuid: string | null | undefined): string {
  if (!orgGuid?.trim()) throw new Error(ORG_GUID_NOT_SUPPLIED);
  return orgGuid;
}
