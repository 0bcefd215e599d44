import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
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
  return (
    <AuthBox title="Reset Password" error={props.error}>
      <Typography>
        We sent a reset code to <strong>{props.email}</strong>. Enter it with your new password.
      </Typography>
      <form noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
        <FormTextField form={form} name="code" label="Reset Code" autoComplete="one-time-code" autoFocus />
        <FormTextField
          form={form}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={'At least 8 characters'}
        />
        <FormTextField
          form={form}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
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
