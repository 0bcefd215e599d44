import { useActiveAlerts } from '../../features/alerts/api/get-active-alerts';
import { useSession } from '../../lib/session/session-store';

/**
 * The alert bell (spec 1 §2.2): active alerts of both kinds; failed ('!') when either fetch failed.
 * Alerts belong to an organization: before one is selected nothing is fetched and there is no count
 * (null), not a count of zero.
 */
export function useAlertCount(): { count: number | null; failed: boolean } {
  const { orgGuid } = useSession();
  const lists = useActiveAlerts();
  if (!orgGuid) return { count: null, failed: false };
  return {
    count: lists.reduce((sum, list) => sum + (list.data?.length ?? 0), 0),
    failed: lists.some((list) => list.isError),
  };
}
