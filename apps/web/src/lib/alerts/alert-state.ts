import { type Alert, alertStateLabel } from '@ec/contract/alerts';

export type AlertChipColor = 'success' | 'info' | 'default' | 'error';

/**
 * The alert state label's chip (spec 2 §4.4): green when resolved, closed or its state is ok; blue when
 * silenced; grey when the state is empty (shown 'Unknown'); otherwise red. The text is the console's
 * label: Resolved, Silenced or Unresolved.
 */
export function alertStateChip(alert: Pick<Alert, 'resolved' | 'silenced' | 'alert_state' | 'closed_by'>): {
  color: AlertChipColor;
  label: string;
} {
  const label = alertStateLabel(alert);
  if (alert.resolved || alert.closed_by || alert.alert_state?.toLowerCase() === 'ok')
    return { color: 'success', label };
  if (alert.silenced) return { color: 'info', label };
  if (!alert.alert_state) return { color: 'default', label: 'Unknown' };
  return { color: 'error', label };
}

/**
 * Why an action on an alert is unavailable (spec 2 §4.4, §6): each needs edit rights on the alert's
 * device; Silence and Unsilence also an alert that is not resolved. Close Alert takes a resolved alert
 * off the lists too. Null when the action is available.
 */
export function alertActionBlocked(
  alert: Pick<Alert, 'resolved'>,
  canEdit: boolean,
  action: 'silence' | 'close',
): string | null {
  if (!canEdit) return 'You need edit rights on this device';
  if (action === 'silence' && alert.resolved) return 'The alert is resolved';
  return null;
}
