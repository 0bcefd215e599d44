import { alertStateOf } from '@ec/contract/shadow-documents/alerts';
import Chip from '@mui/material/Chip';

/**
 * A rule's Alert State column (spec 3 §2.6): OK, Unknown without a state, else the active alert's
 * label; raised while the server holds an unresolved alert of it; New for a rule not saved yet.
 */
export function RuleStateChip(props: {
  alert: { label: string; alert_state?: string | null };
  raised?: boolean;
  isNew?: boolean;
}) {
  const { alert } = props;
  if (props.isNew) return <Chip size="small" variant="outlined" label="New" />;
  if (props.raised) return <Chip size="small" color="error" label={alert.label} />;
  const state = alertStateOf(alert);
  if (state === 'ok') return <Chip size="small" color="success" label="OK" />;
  if (state === 'unknown') return <Chip size="small" variant="outlined" label="Unknown" />;
  return <Chip size="small" color="error" label={alert.label} />;
}
