import type { DeviceCommandName } from '@ec/contract/device-commands';
import { updateStatusText } from '@ec/contract/device-updates';
import type { DeviceProduct } from '@ec/contract/products';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import type { CommandProgress } from '../../../lib/device-commands/command-progress';

/**
 * Where the last update command stands (spec 2 §4.6): 'Update Requested' or 'Cloud Update Requested'
 * while issued, 'Update Command Accepted' while the device works on it, then the device's message or
 * the parsed error, with the slow-download hint for a rejected or failed-to-answer Edgecaster update.
 */
export function UpdateStatusAlert(props: {
  progress: CommandProgress | null;
  command: DeviceCommandName | null;
  product: DeviceProduct;
}) {
  const { progress } = props;
  if (!progress) return null;
  const text = updateStatusText({
    status: progress.status,
    message: progress.message,
    cloud: props.command === 'update_cloud',
    product: props.product,
  });
  if (progress.status === 'issued' || progress.status === 'accepted')
    return (
      <Alert severity="info" role="status" icon={<CircularProgress size={20} aria-hidden />}>
        {text}
      </Alert>
    );
  return (
    <Alert
      severity={progress.status === 'complete' ? 'success' : 'error'}
      role={progress.status === 'complete' ? 'status' : 'alert'}
    >
      {text}
    </Alert>
  );
}
