import type { StatusTone } from '@ec/contract/shadow-registry';
import Chip from '@mui/material/Chip';

const COLORS: Record<StatusTone, 'default' | 'success' | 'warning'> = {
  default: 'default',
  success: 'success',
  warning: 'warning',
};

/** The Encoder Status column (spec 2 §4.3) as the contract words it, coloured by its tone. */
export function EncoderStatusChip(props: { status: { text: string; tone: StatusTone } }) {
  const { text, tone } = props.status;
  return (
    <Chip
      size="small"
      color={COLORS[tone]}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      label={text}
    />
  );
}
