import { ACCOUNT_MESSAGES, verifyEmailBodySchema } from '@ec/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { useResendEmailCode } from '../api/resend-email-code';
import { useVerifyEmail } from '../api/verify-email';
import { resendWaitLeft } from '../logic/resend-wait';

/**
 * The persistent dialog of an unverified e-mail change (spec 1 §2.5, §4.4): it stays until the code
 * e-mailed to the new address is entered or the change is cancelled. Codes are re-sent at most once
 * per 30 s; `codeSentAt` is when this browser last had one sent, null when unknown.
 */
export function VerifyEmailDialog(props: {
  pendingEmail: string | null;
  codeSentAt: number | null;
  onCodeSent: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const verify = useVerifyEmail();
  const resend = useResendEmailCode();
  const cancel = useCancelEmailChange();
  const [notice, setNotice] = useState<string | null>(null);
  // The address stays in the text while the dialog fades out after the change is done.
  const [shownEmail, setShownEmail] = useState(props.pendingEmail);
  if (props.pendingEmail && props.pendingEmail !== shownEmail) setShownEmail(props.pendingEmail);
  const [waitError, setWaitError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(verifyEmailBodySchema), defaultValues: { code: '' } });

  const clearMessages = () => {
    setNotice(null);
    setWaitError(null);
    verify.reset();
    resend.reset();
    cancel.reset();
  };

  const finish = (message: string) => {
    clearMessages();
    form.reset();
    props.onDone(message);
  };

  const onResend = () => {
    clearMessages();
    if (resendWaitLeft(props.codeSentAt, Date.now()) > 0) {
      setWaitError(ACCOUNT_MESSAGES.resendWait);
      return;
    }
    resend.mutate(undefined, {
      onSuccess: () => {
        props.onCodeSent();
        setNotice(`A new verification code has been sent to ${shownEmail}.`);
      },
    });
  };

  return (
    <Dialog open={Boolean(props.pendingEmail)} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ code }) => {
          clearMessages();
          const verified = await verify.mutateAsync(code).catch(() => null);
          if (verified) finish('E-mail address changed.');
        })}
      >
        <DialogTitle id={titleId}>Verify Your New E-mail</DialogTitle>
        <DialogContent>
          <DialogContentText>
            A 6-digit verification code was e-mailed to {shownEmail}. Enter it to start using this address;
            until then you keep signing in with your current one.
          </DialogContentText>
          <FormTextField
            form={form}
            name="code"
            label="Verification Code"
            autoComplete="one-time-code"
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          {notice && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {notice}
            </Alert>
          )}
          <ErrorAlert error={waitError ?? verify.error ?? resend.error ?? cancel.error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            color="error"
            loading={cancel.isPending}
            onClick={() => {
              clearMessages();
              cancel.mutate(undefined, { onSuccess: () => finish('E-mail change cancelled.') });
            }}
          >
            Cancel E-mail Change
          </Button>
          <Button onClick={onResend} loading={resend.isPending}>
            Re-send Code
          </Button>
          <Button type="submit" variant="contained" loading={verify.isPending}>
            Verify
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
