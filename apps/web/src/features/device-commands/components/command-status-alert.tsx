import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import type { CommandProgress } from '../../../lib/device-commands/command-progress';

/**
 * Where the dialog's command stands (spec 2 §4.5): a spinner while it is issued and polled, the
 * device's message once complete, and a failed, rejected or error status in an error alert.
 */
export function CommandStatusAlert({ progress }: { progress: CommandProgress | null }) {
  if (!progress) return null;
  switch (progress.status) {
    case 'issued':
    case 'accepted':
      return (
        <Alert severity="info" role="status" icon={<CircularProgress size={20} aria-hidden />}>
          {progress.message}
        </Alert>
      );
    case 'complete':
      return (
        <Alert severity="success" role="status">
          {progress.message}
        </Alert>
      );
    default:
      return (
        <Alert severity="error" role="alert">
          {progress.message}
        </Alert>
      );
  }
}
