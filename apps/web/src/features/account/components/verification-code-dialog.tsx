import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CodeTextField } from '../../../components/form/code-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';

/**
 * A dialog where a code sent to the user (by e-mail or text message) is entered: the explanation, the
 * code field, a confirmation once a code is sent, the error, and the actions: `dismiss` (Cancel, or
 * cancelling the change), the re-send button and Verify. Without `onClose` it stays until finished.
 */
export function VerificationCodeDialog(props: {
  open: boolean;
  onClose?: () => void;
  title: string;
  description: ReactNode;
  form: UseFormReturn<{ code: string }>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  verifying: boolean;
  notice: string | null;
  error: unknown;
  dismiss: ReactNode;
  resend: { label: string; pending: boolean; onClick: () => void };
  autoFocus?: boolean;
}) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={props.onSubmit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{props.description}</DialogContentText>
          <CodeTextField
            form={props.form}
            name="code"
            label="Verification Code"
            autoFocus={props.autoFocus}
          />
          {props.notice && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {props.notice}
            </Alert>
          )}
          <ErrorAlert error={props.error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {props.dismiss}
          <Button onClick={props.resend.onClick} loading={props.resend.pending}>
            {props.resend.label}
          </Button>
          <Button type="submit" variant="contained" loading={props.verifying}>
            Verify
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
