import { ACCOUNT_MESSAGES, verifyPhoneBodySchema } from '@ec/contract/account';
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
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { resendWaitLeft } from '../logic/resend-wait';

/**
 * Verifies the profile's phone number with a code sent by text message (spec 1 §2.5, §4.4): Send Code
 * texts one, at most once per 30 s (the wait is kept while the dialog is closed), and the code entered
 * is checked by the server. A code received earlier can be entered without sending another.
 */
export function VerifyPhoneDialog(props: {
  open: boolean;
  phone: string | null;
  onClose: () => void;
  onVerified: (message: string) => void;
}) {
  const titleId = useId();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  // When this browser last had a code texted; re-sends wait 30 s.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [waitError, setWaitError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(verifyPhoneBodySchema), defaultValues: { code: '' } });

  const clearMessages = () => {
    setNotice(null);
    setWaitError(null);
    send.reset();
    verify.reset();
  };

  const close = () => {
    clearMessages();
    form.reset();
    props.onClose();
  };

  const onSend = () => {
    clearMessages();
    if (resendWaitLeft(sentAt, Date.now()) > 0) {
      setWaitError(ACCOUNT_MESSAGES.resendWait);
      return;
    }
    send.mutate(undefined, {
      onSuccess: () => {
        setSentAt(Date.now());
        setNotice(`A verification code has been texted to ${props.phone}.`);
      },
    });
  };

  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ code }) => {
          clearMessages();
          const verified = await verify.mutateAsync(code).catch(() => null);
          if (!verified) return;
          close();
          props.onVerified('Phone number verified.');
        })}
      >
        <DialogTitle id={titleId}>Verify Your Phone</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Send a 6-digit verification code by text message to {props.phone}, then enter it here.
          </DialogContentText>
          <FormTextField
            form={form}
            name="code"
            label="Verification Code"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          {notice && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {notice}
            </Alert>
          )}
          <ErrorAlert error={waitError ?? verify.error ?? send.error} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>Cancel</Button>
          <Button onClick={onSend} loading={send.isPending}>
            {sentAt === null ? 'Send Code' : 'Re-send Code'}
          </Button>
          <Button type="submit" variant="contained" loading={verify.isPending}>
            Verify
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
