import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import type { SettledOutcome } from '../../../lib/shadows/use-shadow-command-flow';

/** Banners of the command flow: waiting for the device, then its answer (spec 3 §2.1, §4.2). */
export function CommandBanner(props: {
  pendingType: 'get' | 'set' | null;
  settled: SettledOutcome | null;
  onDismiss: () => void;
}) {
  if (props.pendingType) {
    return (
      <Alert severity="info" role="status" icon={<CircularProgress size={20} aria-hidden />}>
        {props.pendingType === 'set'
          ? 'Changes sent. Waiting for the device to acknowledge them...'
          : 'Waiting for the device to send its configuration...'}
      </Alert>
    );
  }
  const settled = props.settled;
  if (!settled || settled.kind === 'ignored') return null;
  if (settled.kind === 'succeeded') {
    return (
      <Alert severity="success" onClose={props.onDismiss}>
        {settled.type === 'set'
          ? `The device applied the configuration${settled.version === null ? '' : ` (version ${settled.version})`}.`
          : 'The device sent its configuration.'}
      </Alert>
    );
  }
  if (settled.kind === 'timeout') {
    return (
      <Alert severity={settled.online ? 'warning' : 'info'} onClose={props.onDismiss}>
        {settled.message}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="alert" onClose={props.onDismiss}>
      {settled.differences.length > 0 && <AlertTitle>The device did not apply all changes</AlertTitle>}
      {settled.message}
      {settled.differences.length > 0 && ` Differences: ${settled.differences.join(', ')}`}
    </Alert>
  );
}
