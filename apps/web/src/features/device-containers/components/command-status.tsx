import Alert from '@mui/material/Alert';
import type { CommandProgress } from '../../../lib/device-commands/command-progress';

const SEVERITY = {
  issued: 'info',
  accepted: 'info',
  complete: 'success',
  failed: 'error',
  rejected: 'error',
  error: 'error',
} as const;

/** Where a container command stands (spec 3 §4.4): its state and message. */
export function CommandStatus({
  progress,
  onClose,
}: {
  progress: CommandProgress | null;
  onClose?: () => void;
}) {
  if (!progress) return null;
  return (
    <Alert severity={SEVERITY[progress.status]} role="status" onClose={onClose}>
      {progress.message}
    </Alert>
  );
}
