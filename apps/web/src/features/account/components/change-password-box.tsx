import { ACCOUNT_MESSAGES } from '@ec/contract/account';
import { PASSWORD_MIN_LENGTH } from '@ec/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useChangePassword } from '../api/change-password';
import { type ChangePasswordForm, changePasswordFormSchema } from '../logic/account-forms';

const EMPTY: ChangePasswordForm = { current_password: '', new_password: '', confirm_password: '' };
const HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;

/** Change password (spec 1 §2.5, §5): current, new and confirm; sent only when new and confirm match. */
export function ChangePasswordBox(props: { email: string; onSaved: (message: string) => void }) {
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { isSubmitting } = form.formState;

  const fields = [
    { name: 'current_password', label: 'Current Password', autoComplete: 'current-password' },
    { name: 'new_password', label: 'New Password', autoComplete: 'new-password' },
    { name: 'confirm_password', label: 'Confirm Password', autoComplete: 'new-password' },
  ] as const;

  return (
    <SectionCard title="Change Password">
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ current_password, new_password }) => {
          changePassword.reset();
          const changed = await changePassword
            .mutateAsync({ current_password, new_password })
            .catch(() => null);
          if (changed) {
            form.reset(EMPTY);
            props.onSaved(ACCOUNT_MESSAGES.passwordChanged);
          }
        })}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={props.email} readOnly hidden />
        {fields.map((field) => (
          <FormTextField
            key={field.name}
            form={form}
            name={field.name}
            label={field.label}
            type="password"
            autoComplete={field.autoComplete}
            hint={HINT}
          />
        ))}
        <ErrorAlert error={changePassword.error} sx={{ mt: 1 }} />
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Change Password
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
