import { isPlatformAdmin } from '@ec/contract/access';
import { isSsoUser } from '@ec/contract/users';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ComponentType, useState } from 'react';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import { useSessionUser } from '../../../lib/session/get-session-user';
import { BrowserSettingsBox } from './browser-settings-box';
import { ChangePasswordBox } from './change-password-box';
import { DeleteAccountBox } from './delete-account-box';
import { MfaBox } from './mfa-box';
import { ProfileBox } from './profile-box';
import { VerifyEmailDialog } from './verify-email-dialog';

const NOTICE_MS = 6000;

/**
 * /account, 'My Account' (spec 1 §2.5): the signed-in user's own account, one card per concern. The
 * access tokens card is another feature's: the app gives it (app/routes/account-route.tsx).
 */
export function AccountPage(props: { AccessTokens?: ComponentType<{ userGuid: string }> }) {
  const { AccessTokens } = props;
  const session = useSessionUser();
  const [notice, setNotice] = useState<{ text: string; key: number } | null>(null);
  // When this browser last had an e-mail verification code sent (re-sends wait 30 s).
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const notify = (text: string) => setNotice({ text, key: Date.now() });

  if (session.isPending) return <PageSkeleton label="Loading your account" boxes={4} />;
  if (session.isError) return <RequestError error={session.error} onRetry={session.refetch} />;
  const { user } = session.data;

  return (
    <Stack spacing={2}>
      <Typography variant="h1">My Account</Typography>
      <ProfileBox user={user} onSaved={notify} onEmailCodeSent={() => setCodeSentAt(Date.now())} />
      <MfaBox user={user} onSaved={notify} />
      {!isSsoUser(user) && <ChangePasswordBox email={user.email} onSaved={notify} />}
      <DeleteAccountBox />
      <BrowserSettingsBox platformAdmin={isPlatformAdmin(user.groups)} />
      {AccessTokens && <AccessTokens userGuid={user.user_guid} />}
      <VerifyEmailDialog
        pendingEmail={user.pending_email}
        codeSentAt={codeSentAt}
        onCodeSent={() => setCodeSentAt(Date.now())}
        onDone={notify}
      />
      <Snackbar
        key={notice?.key}
        open={Boolean(notice)}
        autoHideDuration={NOTICE_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
          {notice?.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
