import { type StreamingStatus, streamingStatusLabel } from '@ec/contract/streaming-status';
import Chip from '@mui/material/Chip';

const COLORS = { success: 'success', error: 'error', warning: 'warning', default: 'default' } as const;

/**
 * The streaming status label with its colour (spec 2 §4.2). Every device answer carries its active
 * alerts' count, which comes first: 'Device Alerts' whatever its outputs do.
 */
export function StreamingStatusChip(props: {
  status: StreamingStatus | null;
  alertCount: number;
  loading?: boolean;
  hasError?: boolean;
}) {
  const { label, tone } = streamingStatusLabel(props);
  return (
    <Chip
      size="small"
      label={label}
      color={COLORS[tone]}
      variant={tone === 'default' ? 'outlined' : 'filled'}
    />
  );
}
