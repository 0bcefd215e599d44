import { type AdminUser, isSsoUser } from '@ec/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useUpdateUser } from '../api/update-user';
import {
  type UserFormInput,
  type UserFormValues,
  userFormDefaults,
  userFormSchemaFor,
  userUpdateBody,
} from '../logic/user-form';

/** Name, e-mail (fixed for single sign-on users) and phone, saved together (spec 1 §2.7, §5). */
export function UserDetailsBox({ user }: { user: AdminUser }) {
  const sso = isSsoUser(user);
  const updateUser = useUpdateUser();
  const [saved, setSaved] = useState(false);
  const defaults = useMemo(() => userFormDefaults(user), [user]);
  const form = useForm<UserFormInput, unknown, UserFormValues>({
    resolver: zodResolver(userFormSchemaFor(user)),
    mode: 'onTouched',
    values: defaults,
  });
  const { isSubmitting } = form.formState;

  const onSubmit = async (values: UserFormValues) => {
    setSaved(false);
    updateUser.reset();
    const done = await updateUser
      .mutateAsync({ userGuid: user.user_guid, body: userUpdateBody(user, values) })
      .catch(() => null);
    if (done) setSaved(true);
  };

  return (
    <SectionCard titleVariant="h6" title="Details">
      {sso && (
        <Alert severity="info">
          This user signs in with single sign-on: the provider manages the e-mail.
        </Alert>
      )}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <FormTextField form={form} name="name" label="Name" required />
        <FormTextField form={form} name="email" label="E-mail" type="email" required disabled={sso} />
        <FormTextField
          form={form}
          name="phone_number"
          label="Phone"
          type="tel"
          hint="Optional; US and CA numbers, such as +1 555 123 4567"
        />
        <ErrorAlert error={updateUser.error} sx={{ mt: 1 }} />
        {saved && (
          <Alert severity="success" sx={{ mt: 1 }} onClose={() => setSaved(false)}>
            User saved.
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => form.reset(defaults)} disabled={isSubmitting}>
            Revert
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
