import { useActiveAlertCount } from '../../features/alerts/api/get-active-alert-count';
import { useSession } from '../../lib/session/session-store';

/**
 * The alert bell (spec 1 §2.2, spec 2 §2.10): the organization's active alerts as the server counts them;
 * failed ('!') when the count cannot be fetched. Alerts belong to an organization: before one is
 * selected nothing is fetched and there is no count (null), not a count of zero.
 */
export function useAlertCount(): { count: number | null; failed: boolean } {
  const { orgGuid } = useSession();
  const count = useActiveAlertCount();
  if (!orgGuid) return { count: null, failed: false };
  return { count: count.data ?? 0, failed: count.isError };
}
