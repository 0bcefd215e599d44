import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import type { Credentials } from '../api/sign-in';
import { passwordFormSchema } from '../logic/auth-forms';
import { AuthBox } from './auth-box';

/** auth_password, 'Standard Login' (spec 1 §2.3). */
export function PasswordStage(props: {
  email: string;
  error: string | null;
  busy: boolean;
  onSubmit: (credentials: Credentials) => void;
  onForgotPassword: () => void;
  forgotBusy: boolean;
  onUseDifferentEmail: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { email: props.email, password: '' },
  });
  return (
    <AuthBox title="Standard Login" error={props.error}>
      <form noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
        <FormTextField
          form={form}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <FormTextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} loading={props.busy}>
          Login
        </Button>
      </form>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button size="small" onClick={props.onForgotPassword} loading={props.forgotBusy}>
          I Forgot My Password
        </Button>
        <Button size="small" onClick={props.onUseDifferentEmail}>
          Use different email
        </Button>
      </Stack>
    </AuthBox>
  );
}
