import type { SessionUser } from '@ec/contract/auth';
import { isSsoUser } from '@ec/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormLocaleSelect, FormTimezoneSelect } from '../../../components/form/form-selects';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useChangeEmail } from '../api/change-email';
import { useUpdateProfile } from '../api/update-profile';
import {
  type ProfileFormInput,
  type ProfileFormValues,
  profileChanges,
  profileFormDefaults,
  profileFormSchema,
} from '../logic/account-forms';
import { PhoneStatus } from './phone-status';
import { ProfilePicture } from './profile-picture';
import { VerifyPhoneDialog } from './verify-phone-dialog';

/**
 * Profile (spec 1 §2.5): name, e-mail, phone, locale, timezone and picture. A different e-mail
 * address starts a change that waits for its code; the other fields are saved at once. The saved
 * phone number shows whether it is verified, and is verified with a texted code.
 */
export function ProfileBox(props: {
  user: SessionUser;
  onSaved: (message: string) => void;
  onEmailCodeSent: () => void;
}) {
  const { user } = props;
  const sso = isSsoUser(user);
  const updateProfile = useUpdateProfile();
  const changeEmail = useChangeEmail();
  const defaults = useMemo(() => profileFormDefaults(user), [user]);
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema(sso)),
    mode: 'onTouched',
    values: defaults,
  });
  const { isSubmitting } = form.formState;
  // The state belongs to the saved number: hidden while the field holds an unsaved one.
  const phoneEdited = Boolean(form.formState.dirtyFields.phone_number);
  const [verifyingPhone, setVerifyingPhone] = useState(false);

  const onSubmit = async (values: ProfileFormValues) => {
    updateProfile.reset();
    changeEmail.reset();
    const { patch, email } = profileChanges(user, values);
    try {
      if (Object.keys(patch).length > 0) await updateProfile.mutateAsync(patch);
      if (email) {
        await changeEmail.mutateAsync(email);
        props.onEmailCodeSent();
      } else {
        props.onSaved('Profile saved.');
      }
    } catch {
      // shown by the ErrorAlert below
    }
  };

  return (
    <SectionCard title="Profile">
      <ProfilePicture name={user.name} picture={user.picture} onSaved={props.onSaved} />
      {sso && (
        <Alert severity="info">
          Your name and e-mail address are managed by your single sign-on provider.
        </Alert>
      )}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <FormTextField form={form} name="name" label="Name" autoComplete="name" disabled={sso} />
        <FormTextField
          form={form}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          disabled={sso}
          hint={sso ? undefined : 'A new address is used once the code e-mailed to it is entered.'}
        />
        <FormTextField
          form={form}
          name="phone_number"
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Optional; US and CA numbers, such as +1 555 123 4567"
        />
        {user.phone_number && !phoneEdited && (
          <PhoneStatus verified={user.phone_number_verified} onVerify={() => setVerifyingPhone(true)} />
        )}
        <FormLocaleSelect form={form} name="locale" previous={user.locale} />
        <FormTimezoneSelect form={form} name="zoneinfo" />
        <ErrorAlert error={updateProfile.error ?? changeEmail.error} sx={{ mt: 1 }} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => form.reset(defaults)} disabled={isSubmitting}>
            Revert
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save Profile
          </Button>
        </Stack>
      </form>
      {/* Outside the form: the dialog's own form must not submit the profile (React events cross portals). */}
      <VerifyPhoneDialog
        open={verifyingPhone}
        phone={user.phone_number}
        onClose={() => setVerifyingPhone(false)}
        onVerified={props.onSaved}
      />
    </SectionCard>
  );
}
