import type { Org } from '@ec/contract/orgs';

/** Case-insensitive match on the organization name or guid. */
export function filterOrgs(orgs: readonly Org[], search: string): Org[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...orgs];
  return orgs.filter(
    (org) => org.org_name.toLowerCase().includes(needle) || org.org_guid.toLowerCase() === needle,
  );
}
