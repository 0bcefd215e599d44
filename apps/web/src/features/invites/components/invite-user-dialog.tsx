import { ACCESS, ACCESS_LEVELS, accessLabel } from '@ec/contract/access';
import { inviteFormSchema } from '@ec/contract/invites';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCreateInvite } from '../api/create-invite';

/** 'Invite User': an e-mail (required, valid, lower-cased) and an access level, Read Only by default (spec 1 §5). */
export function InviteUserDialog(props: { orgGuid: string; open: boolean; onClose: () => void }) {
  const createInvite = useCreateInvite(props.orgGuid);
  const form = useForm({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { target_email: '', access: ACCESS.readOnly },
  });
  const close = () => {
    form.reset();
    createInvite.reset();
    props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={form.handleSubmit(async (values) => {
        const created = await createInvite.mutateAsync(values).catch(() => null);
        if (created) close();
      })}
      title="Invite User"
      submitLabel="Invite"
      pending={createInvite.isPending}
      error={createInvite.error}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField form={form} name="target_email" label="E-mail" type="email" required autoFocus />
        <TextField
          {...form.register('access', { valueAsNumber: true })}
          select
          label="Access"
          defaultValue={ACCESS.readOnly}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {ACCESS_LEVELS.map((level) => (
            <option key={level} value={level}>
              {accessLabel(level)}
            </option>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
