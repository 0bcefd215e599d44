import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parseErrorText } from '../../../lib/api-error';
import { useResendConfirmation } from '../api/resend-confirmation';
import { AuthBox } from './auth-box';

/**
 * email_confirmation (spec 1 §2.3, §4.1 item 5). The page retries the sign-in every 5 s meanwhile
 * (see useConfirmationWatch), so confirming from the e-mail, even in another tab, moves on by itself.
 */
export function EmailConfirmationStage(props: { email: string; error: string | null; onCancel: () => void }) {
  const resend = useResendConfirmation();
  return (
    <AuthBox
      title="Please confirm your account..."
      error={props.error ?? (resend.isError ? parseErrorText(resend.error) : null)}
    >
      <Typography>
        We sent a confirmation link to <strong>{props.email}</strong>. Open it to confirm your account; this
        page continues by itself once you have.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={18} aria-label="Waiting for confirmation" />
        <Typography variant="body2" color="text.secondary">
          Waiting for confirmation...
        </Typography>
      </Stack>
      {resend.isSuccess && <Alert severity="success">A new confirmation e-mail has been sent.</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="outlined" loading={resend.isPending} onClick={() => resend.mutate(props.email)}>
          Re-send Confirmation
        </Button>
      </Stack>
    </AuthBox>
  );
}
