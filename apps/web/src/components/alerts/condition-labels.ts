import type { THRESHOLD_CONDITIONS } from '@ec/contract/shadow-documents/alerts';

/**
 * How the console names a threshold condition: in the alert form's choice and in an alert's state
 * dialog. A module of its own, so that the alert tables do not load the form's fields with it.
 */
export const CONDITION_LABELS: Record<(typeof THRESHOLD_CONDITIONS)[number], string> = {
  GreaterThan: 'Greater than',
  LessThan: 'Less than',
  EqualTo: 'Equal to',
  NotEqualTo: 'Not equal to',
};
