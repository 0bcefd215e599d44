import { useActiveAlerts } from '../../features/alerts/api/get-active-alerts';

/** The alert bell (spec 1 §2.2): active alerts of both kinds; failed ('!') when either fetch failed. */
export function useAlertCount(): { count: number; failed: boolean } {
  const lists = useActiveAlerts();
  return {
    count: lists.reduce((sum, list) => sum + (list.data?.length ?? 0), 0),
    failed: lists.some((list) => list.isError),
  };
}
