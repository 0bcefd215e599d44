import { verificationCodeBodySchema } from '@ec/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { useCodeResend } from '../hooks/use-code-resend';
import { VerificationCodeDialog } from './verification-code-dialog';

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
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  // When this browser last had a code texted; re-sends wait 30 s.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const resend = useCodeResend(sentAt);
  const form = useForm({ resolver: zodResolver(verificationCodeBodySchema), defaultValues: { code: '' } });

  const clearMessages = () => {
    resend.clear();
    send.reset();
    verify.reset();
  };

  const close = () => {
    clearMessages();
    form.reset();
    props.onClose();
  };

  return (
    <VerificationCodeDialog
      open={props.open}
      onClose={close}
      title="Verify Your Phone"
      description={`Send a 6-digit verification code by text message to ${props.phone}, then enter it here.`}
      form={form}
      onSubmit={form.handleSubmit(async ({ code }) => {
        clearMessages();
        const verified = await verify.mutateAsync(code).catch(() => null);
        if (!verified) return;
        close();
        props.onVerified('Phone number verified.');
      })}
      verifying={verify.isPending}
      notice={resend.notice}
      error={resend.waitError ?? verify.error ?? send.error}
      dismiss={<Button onClick={close}>Cancel</Button>}
      resend={{
        label: sentAt === null ? 'Send Code' : 'Re-send Code',
        pending: send.isPending,
        onClick: () => {
          clearMessages();
          resend.request(
            (onSent) =>
              send.mutate(undefined, {
                onSuccess: () => {
                  setSentAt(Date.now());
                  onSent();
                },
              }),
            `A verification code has been texted to ${props.phone}.`,
          );
        },
      }}
    />
  );
}
