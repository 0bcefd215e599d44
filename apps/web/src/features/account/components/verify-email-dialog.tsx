import { verificationCodeBodySchema } from '@ec/contract/account';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { useResendEmailCode } from '../api/resend-email-code';
import { useVerifyEmail } from '../api/verify-email';
import { useCodeResend } from '../hooks/use-code-resend';
import { VerificationCodeDialog } from './verification-code-dialog';

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
  const verify = useVerifyEmail();
  const resendCode = useResendEmailCode();
  const cancel = useCancelEmailChange();
  const resend = useCodeResend(props.codeSentAt);
  // The address stays in the text while the dialog fades out after the change is done.
  const [shownEmail, setShownEmail] = useState(props.pendingEmail);
  if (props.pendingEmail && props.pendingEmail !== shownEmail) setShownEmail(props.pendingEmail);
  const form = useForm({ resolver: zodResolver(verificationCodeBodySchema), defaultValues: { code: '' } });

  const clearMessages = () => {
    resend.clear();
    verify.reset();
    resendCode.reset();
    cancel.reset();
  };

  const finish = (message: string) => {
    clearMessages();
    form.reset();
    props.onDone(message);
  };

  return (
    <VerificationCodeDialog
      open={Boolean(props.pendingEmail)}
      title="Verify Your New E-mail"
      description={`A 6-digit verification code was e-mailed to ${shownEmail}. Enter it to start using this address; until then you keep signing in with your current one.`}
      form={form}
      onSubmit={form.handleSubmit(async ({ code }) => {
        clearMessages();
        const verified = await verify.mutateAsync(code).catch(() => null);
        if (verified) finish('E-mail address changed.');
      })}
      verifying={verify.isPending}
      notice={resend.notice}
      error={resend.waitError ?? verify.error ?? resendCode.error ?? cancel.error}
      autoFocus
      dismiss={
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
      }
      resend={{
        label: 'Re-send Code',
        pending: resendCode.isPending,
        onClick: () => {
          clearMessages();
          resend.request(
            (onSent) =>
              resendCode.mutate(undefined, {
                onSuccess: () => {
                  props.onCodeSent();
                  onSent();
                },
              }),
            `A new verification code has been sent to ${shownEmail}.`,
          );
        },
      }}
    />
  );
}
