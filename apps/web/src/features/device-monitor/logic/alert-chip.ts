import type { Alert } from '@ec/contract/alerts';

export type AlertChipColor = 'success' | 'info' | 'default' | 'error';

/**
 * An alert's chip (spec 2 §4.4): green when resolved, closed or its state is ok; blue when silenced;
 * grey when the state is empty; otherwise red. The label is its state, 'Unknown' when it has none.
 */
export function alertChip(alert: Pick<Alert, 'resolved' | 'silenced' | 'alert_state' | 'closed_by'>): {
  label: string;
  color: AlertChipColor;
} {
  const state = alert.alert_state.trim();
  const label = state ? state.charAt(0).toUpperCase() + state.slice(1).toLowerCase() : 'Unknown';
  if (alert.resolved || alert.closed_by || state.toLowerCase() === 'ok') return { label, color: 'success' };
  if (alert.silenced) return { label, color: 'info' };
  if (!state) return { label, color: 'default' };
  return { label, color: 'error' };
}

/** The condition an alert watches, e.g. 'above 80' (its threshold), or its label when it has none. */
export function alertCondition(alert: Pick<Alert, 'label' | 'config'>): string {
  const { threshold_condition, threshold_value } = alert.config;
  if (threshold_condition && threshold_value !== undefined)
    return `${alert.label}: ${threshold_condition.replaceAll('_', ' ')} ${threshold_value}`;
  return alert.label;
}
