import type { DeviceState } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import Chip from '@mui/material/Chip';
import { processorsLabel } from '../logic/processors';

/** The processors status label (spec 2 §2.13, §9): which of CPU1 to CPU4 and the GPU are throttling. */
export function ProcessorsLabel(props: { product: DeviceProduct; state: DeviceState | null }) {
  const { text, tone } = processorsLabel(props.product, props.state);
  return <Chip size="small" color={tone} variant={tone === 'default' ? 'outlined' : 'filled'} label={text} />;
}
