import { ACCESS } from '@ec/contract/access';
import { type InviteForm, inviteFormSchema } from '@ec/contract/invites';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../form/form-dialog';
import { FormTextField } from '../form/form-text-field';
import { AccessSelect } from './access-select';
import { inviteFieldError } from './user-rows';

/**
 * 'Invite User' to a device or a fleet: an e-mail (required, valid, lower-cased) and an access level,
 * Read Only by default (spec 2 §5, spec 3 §5), sent by `createInvite` (POST /invites with the target).
 * An address that already has access is told so at the field.
 */
export function InviteUserDialog(props: {
  createInvite: UseMutationResult<unknown, Error, InviteForm>;
  open: boolean;
  onClose: () => void;
}) {
  const { createInvite } = props;
  const form = useForm({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { target_email: '', access: ACCESS.readOnly },
  });
  const close = () => {
    form.reset();
    createInvite.reset();
    props.onClose();
  };
  const bannerError = createInvite.error && !inviteFieldError(createInvite.error) ? createInvite.error : null;

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async (values) => {
        const created = await createInvite.mutateAsync(values).catch((error: unknown) => {
          const message = inviteFieldError(error);
          if (message) form.setError('target_email', { message }, { shouldFocus: true });
          return null;
        });
        if (created) close();
      })}
      title="Invite User"
      submitLabel="Invite"
      pending={createInvite.isPending}
      error={bannerError}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField form={form} name="target_email" label="E-mail" type="email" required autoFocus />
        <AccessSelect
          {...form.register('access', { valueAsNumber: true })}
          label="Access"
          defaultValue={ACCESS.readOnly}
        />
      </Stack>
    </FormDialog>
  );
}
