import type { Org } from '@ec/contract/orgs';

/**
 * The organization to use without asking (spec 1 §4.2): the one already selected if it is still
 * listed, else the only one, else the last used one when it is among them.
 */
export function pickOrg(orgs: readonly Org[], selected: string | null, last: string | null): string | null {
  if (selected && orgs.some((org) => org.org_guid === selected)) return selected;
  if (orgs.length === 1) return orgs[0]!.org_guid;
  if (last && orgs.some((org) => org.org_guid === last)) return last;
  return null;
}
