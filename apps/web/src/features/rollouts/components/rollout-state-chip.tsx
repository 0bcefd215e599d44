import { ROLLOUT_STATE_LABELS, type RolloutState } from '@ec/contract/rollouts';
import Chip from '@mui/material/Chip';

const COLORS: Record<RolloutState, 'default' | 'primary' | 'success' | 'error' | 'warning'> = {
  running: 'primary',
  paused: 'warning',
  completed: 'success',
  stopped: 'error',
  cancelled: 'default',
};

/** A rollout's state as a coloured chip with its word (the colour is never the only sign). */
export function RolloutStateChip(props: { state: RolloutState }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[props.state]}
      label={ROLLOUT_STATE_LABELS[props.state]}
    />
  );
}
