import { ACCOUNT_MESSAGES } from '@ec/contract/account';
import type { SessionUser } from '@ec/contract/auth';
import { isSsoUser } from '@ec/contract/users';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useDisableMfa } from '../api/disable-mfa';
import { EnableTotpDialog } from './enable-totp-dialog';

/** Multi-factor authentication (spec 1 §2.5): Enable TOTP unless on; Disable MFA when on and not SSO. */
export function MfaBox(props: { user: SessionUser; onSaved: (message: string) => void }) {
  const { user } = props;
  const [enabling, setEnabling] = useState(false);
  const disable = useDisableMfa();
  const totpOn = user.mfa_method === 'SOFTWARE_TOKEN_MFA';
  const mfaOn = user.mfa_method !== 'NOMFA';

  return (
    <SectionCard title="Multi-Factor Authentication">
      <Typography>
        {totpOn
          ? 'Sign-in asks for a code from your authenticator app (TOTP).'
          : 'Multi-factor authentication is off: sign-in asks for your password only.'}
      </Typography>
      <ErrorAlert error={disable.error} />
      <Stack direction="row" spacing={1}>
        {!totpOn && (
          <Button
            variant="contained"
            onClick={() => {
              disable.reset();
              setEnabling(true);
            }}
          >
            Enable TOTP
          </Button>
        )}
        {mfaOn && !isSsoUser(user) && (
          <Button
            variant="outlined"
            color="error"
            loading={disable.isPending}
            onClick={() =>
              disable.mutate(undefined, { onSuccess: () => props.onSaved(ACCOUNT_MESSAGES.mfaDisabled) })
            }
          >
            Disable MFA
          </Button>
        )}
      </Stack>
      <EnableTotpDialog
        open={enabling}
        onClose={() => setEnabling(false)}
        onEnabled={() => {
          setEnabling(false);
          props.onSaved(ACCOUNT_MESSAGES.totpEnabled);
        }}
      />
    </SectionCard>
  );
}
