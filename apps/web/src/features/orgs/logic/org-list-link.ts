import { paths } from '../../../config/paths';

/**
 * An organization list's Edit link passes the list it came from (the caller's organizations or, for
 * platform staff, every organization) as router state, so the organization page's Back returns there.
 */
export const orgLinkState = (list: string) => ({ orgList: list });

/** The list to go back to: the one in `state` (`orgLinkState`), otherwise the caller's organizations. */
export function orgListOf(state: unknown): string {
  const list = (state as { orgList?: unknown } | null)?.orgList;
  return typeof list === 'string' && list.startsWith(paths.orgs.list.path) ? list : paths.orgs.list.getHref();
}
