/**
 * The count on the alert bell. Alerts arrive with a later issue: replace this hook's body with the
 * active-alerts query (spec 2 §2.10; '!' when the fetch fails) and the bell follows.
 */
export function useAlertCount(): { count: number; failed: boolean } {
  return { count: 0, failed: false };
}
