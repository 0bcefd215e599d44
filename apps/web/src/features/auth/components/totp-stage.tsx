import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { CodeTextField } from '../../../components/form/code-text-field';
import { totpFormSchema } from '../logic/auth-forms';
import { AuthBox } from './auth-box';

/** totp_confirmation, 'TOTP Login' (spec 1 §2.3): Continue stays disabled until the code is 6 digits. */
export function TotpStage(props: {
  error: string | null;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(totpFormSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });
  const { isValid } = form.formState;
  return (
    <AuthBox title="TOTP Login" error={props.error}>
      <Typography>Please enter the TOTP code from your authentication app to continue.</Typography>
      <form noValidate onSubmit={form.handleSubmit(({ code }) => props.onSubmit(code))}>
        <CodeTextField form={form} name="code" label="TOTP Code" autoFocus />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
          <Button onClick={props.onCancel}>Cancel Login</Button>
          <Button type="submit" variant="contained" disabled={!isValid} loading={props.busy}>
            Continue
          </Button>
        </Stack>
      </form>
    </AuthBox>
  );
}
