import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { type ResetPasswordForm, resetPasswordFormSchema } from '../logic/auth-forms';
import { AuthBox } from './auth-box';

/** forgot_password (spec 1 §2.3, §4.1 item 9): the e-mailed code and the new password, twice. */
export function ForgotPasswordStage(props: {
  email: string;
  error: string | null;
  busy: boolean;
  onSubmit: (values: ResetPasswordForm) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <AuthBox title="Reset Password" error={props.error}>
      <Typography>
        We sent a reset code to <strong>{props.email}</strong>. Enter it with your new password.
      </Typography>
      <form noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
        <TextField
          {...form.register('code')}
          label="Reset Code"
          autoComplete="one-time-code"
          autoFocus
          error={Boolean(errors.code)}
          helperText={errors.code?.message}
        />
        <TextField
          {...form.register('password')}
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? 'At least 8 characters'}
        />
        <TextField
          {...form.register('confirmPassword')}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword?.message}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
          <Button onClick={props.onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" loading={props.busy}>
            Update Password
          </Button>
        </Stack>
      </form>
    </AuthBox>
  );
}
