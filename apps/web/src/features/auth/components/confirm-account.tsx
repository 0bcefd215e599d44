import { confirmSignUpBodySchema } from '@ec/contract/auth';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { parseErrorText } from '../../../lib/api-error';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { useResendConfirmation } from '../api/resend-confirmation';
import type { AuthNavigationState } from '../logic/auth-stages';
import { AuthBox } from './auth-box';
import { ProcessingStage } from './processing-stage';

/** /auth/confirm?email=&code=: the link of the confirmation e-mail confirms the account. */
export function ConfirmAccount() {
  const [search] = useSearchParams();
  const parsed = confirmSignUpBodySchema.safeParse({
    email: search.get('email') ?? '',
    code: search.get('code') ?? '',
  });
  const confirm = useConfirmSignUp();
  const resend = useResendConfirmation();
  const sent = useRef<string | null>(null);
  const body = parsed.success ? parsed.data : null;
  const key = body ? `${body.email}:${body.code}` : null;

  useEffect(() => {
    // Once per link, also under StrictMode's double effects.
    if (!body || !key || sent.current === key) return;
    sent.current = key;
    confirm.mutate(body);
  }, [body, key, confirm]);

  const email = body?.email ?? search.get('email') ?? '';
  const signIn = (
    <Button
      variant="contained"
      component={Link}
      to={paths.auth.login.getHref(null, email || null)}
      state={
        confirm.isSuccess && email
          ? ({ email, stage: 'auth_password' } satisfies AuthNavigationState)
          : undefined
      }
    >
      Sign In
    </Button>
  );

  if (!parsed.success) {
    return (
      <AuthBox
        title="Account Confirmation"
        error={parsed.error.issues.map((issue) => issue.message).join('. ')}
      >
        <div>{signIn}</div>
      </AuthBox>
    );
  }
  if (confirm.isIdle || confirm.isPending) return <ProcessingStage />;
  return (
    <AuthBox title="Account Confirmation" error={confirm.isError ? parseErrorText(confirm.error) : null}>
      {confirm.isSuccess && (
        <Alert severity="success">Your account has been confirmed. You can sign in now.</Alert>
      )}
      {resend.isSuccess && <Alert severity="info">A new confirmation e-mail has been sent.</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {confirm.isError && email && (
          <Button loading={resend.isPending} onClick={() => resend.mutate(email)}>
            Re-send Confirmation
          </Button>
        )}
        {signIn}
      </Stack>
    </AuthBox>
  );
}
