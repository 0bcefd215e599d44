/** Spec 1 §8's local message for an organization call or page reached without an organization guid. */
export const ORG_GUID_NOT_SUPPLIED = 'org_guid not supplied';

/**
 * The API path of one organization (`/orgs/{org_guid}`, then `rest`). Without a guid the call is not
 * made at all: `/orgs/` would reach the organization list instead.
 */
export function orgPath(orgGuid: string | null | undefined, rest = ''): string {
  if (!orgGuid?.trim()) throw new Error(ORG_GUID_NOT_SUPPLIED);
  return `/orgs/${encodeURIComponent(orgGuid)}${rest}`;
}
